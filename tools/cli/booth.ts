/**
 * `npm run booth`: the booth simulator. Plays the demo seed's devices (camera, printer, AI
 * mirror, 360 platform) against a running server through the device API, so that the whole
 * product can be tried on one machine. `npm run booth -- --help` lists the options.
 */
import path from 'node:path';
import { loadDemoDevices } from '../booth/demoDevices';
import { DeviceRejectedError, ServerUnreachableError } from '../booth/deviceClient';
import { parseBoothOptions, UsageError, USAGE } from '../booth/options';
import { connectPlayers, DeviceSetupError } from '../booth/players';
import { runForever, runOnce } from '../booth/simulator';

/** Turns what went wrong into the one sentence a newcomer needs. */
function explain(error: unknown): string {
  if (error instanceof ServerUnreachableError) {
    return (
      `Não foi possível conectar ao servidor em ${error.baseUrl}. Ele está rodando? Inicie com "npm start" ou ` +
      `informe o endereço com --url (ou BOOTH_URL).`
    );
  }
  if (error instanceof DeviceRejectedError) {
    return (
      `O servidor recusou o dispositivo ${error.device} (401): a chave está errada, ou o dispositivo não existe ` +
      `nesse banco. Confira --key, ou carregue o seed de demonstração.`
    );
  }
  if (error instanceof DeviceSetupError) return `Não foi possível simular: ${error.message}.`;
  return `Erro: ${error instanceof Error ? error.message : String(error)}`;
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseBoothOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.info(USAGE);
    return 0;
  }
  // The printer "prints" into the data folder, next to the server's own (DATA_DIR, default data/).
  const settings = {
    printedDir: path.resolve(process.env.DATA_DIR || 'data', 'printed'),
    printer: { jam: options.printerJam, state: options.printerState },
  };
  const stop = new AbortController();
  try {
    const players = await connectPlayers(options, loadDemoDevices());
    if (options.once) {
      await runOnce(players, settings);
      return 0;
    }
    console.info(`Simulador de cabines ligado a ${options.url} (Ctrl-C para parar):`);
    const stopOnSignal = () => {
      if (!stop.signal.aborted) console.info('\nParando o simulador...');
      stop.abort();
    };
    process.on('SIGINT', stopOnSignal);
    process.on('SIGTERM', stopOnSignal);
    await runForever(players, settings, stop.signal);
    console.info('Simulador encerrado.');
    return 0;
  } catch (error) {
    stop.abort();
    console.error(explain(error));
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
