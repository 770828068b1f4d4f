// Some server tests start processes (the SIGKILL test starts the server twice).
jest.setTimeout(60_000);
