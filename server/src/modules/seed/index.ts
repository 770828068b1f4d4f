/**
 * The seed: its format, the rows and orders it writes, the loader and the production seed command
 * (command/). The command is a production entry of its own (scripts/buildServer.ts).
 */
export { checkSeedStorage, seedMediaStorage } from './command/seedStorage';
export { loadSeedFile, seedDeviceKeys } from './command/loadSeed';
export { seedFailureMessage } from './command/seedFailure';
export { validateSeed, type SeedFile } from './seedFormat';
export { anySeedLoaded, writeSeedRows } from './seedRows';
