import fs from 'node:fs';
import path from 'node:path';

/**
 * The devices of the demo seed (tools/demoSeed/demo.json), read from the seed itself so that
 * their ids and keys live in one place.
 */
export interface SeedDevice {
  id: string;
  kind: string;
  event?: string;
  mode?: string;
  key: string;
}

const DEMO_SEED = path.resolve(__dirname, '../demoSeed/demo.json');

export function loadDemoDevices(file = DEMO_SEED): Map<string, SeedDevice> {
  let devices: unknown;
  try {
    devices = (JSON.parse(fs.readFileSync(file, 'utf8')) as { devices?: unknown }).devices;
  } catch (error) {
    throw new Error(
      `não foi possível ler os dispositivos do seed de demonstração (${file}): ` +
        `${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  if (!Array.isArray(devices)) throw new Error(`o seed ${file} não tem uma lista "devices"`);
  return new Map((devices as SeedDevice[]).map((device) => [device.id, device]));
}
