/**
 * What the simulator tells the person watching it: one line per event, prefixed with the
 * device that did it (`impressora-1: imprimiu ...`), so that several devices can share a
 * terminal and tests can look for a line.
 */
export function say(device: string, message: string): void {
  console.info(`${device}: ${message}`);
}

export function complain(device: string, message: string): void {
  console.error(`${device}: ${message}`);
}
