import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { DeviceInfo, LastPhotoLinkReply } from '../../contract/wire';
import type { DeviceClient } from './deviceClient';
import { say } from './log';
import { takePhoto } from './photo';

/** The camera of a booth: takes a new picture and uploads it to its event. */
export async function uploadPhoto(client: DeviceClient, device: DeviceInfo): Promise<string> {
  if (!device.event) throw new Error('esta câmera não está ligada a um evento no servidor');
  const shot = await takePhoto(device.event, device.mode ?? 'pad');
  const { url } = await client.upload(DEVICE_PATHS.media, shot.file, shot.bytes);
  say(
    device.id,
    `enviou ${shot.file} (${Math.round(shot.bytes.length / 1024)} KB). Colete em ${client.baseUrl}/collect?id=${url}`,
  );
  // What the booth's screen shows as its QR code: signed for minutes, so it opens even a private event to whoever scans
  // it.
  const screen = await client.json<LastPhotoLinkReply>('GET', DEVICE_PATHS.lastPhotoLink);
  say(device.id, `QR code da tela (última foto): ${client.baseUrl}${screen.path}`);
  return url;
}
