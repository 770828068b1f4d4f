// Browser journeys wait for pages, builds and devices: a minute each at most.
jest.setTimeout(60_000);
