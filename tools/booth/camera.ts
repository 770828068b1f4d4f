import type { DeviceClient, DeviceInfo } from './deviceClient';
import { say } from './log';
import { takePhoto } from './photo';

/** The camera of a booth: takes a new picture and uploads it to its event. */
export async function uploadPhoto(client: DeviceClient, device: DeviceInfo): Promise<string> {
  if (!device.event) throw new Error('esta câmera não está ligada a um evento no servidor');
  const shot = await takePhoto(device.event, device.mode ?? 'pad');
  const { url } = await client.upload<{ url: string }>('/api/device/media', shot.file, shot.bytes);
  say(device.id, `enviou ${shot.file} (${Math.round(shot.bytes.length / 1024)} KB). Colete em ${client.baseUrl}/collect?id=${url}`);
  return url;
}
