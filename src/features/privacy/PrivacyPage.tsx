import { Link, useSearchParams } from 'react-router-dom';
import { DELIVERY_COLLECTION_QUERY } from '../../../contract/delivery';
import { errorMessage } from '../../api/apiError';
import { isAgentId } from '../../../contract/agentId';
import { ROUTES } from '../../../contract/routePaths';
import { useSession } from '../../session';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { GuestCollection, MyDeliveries } from '../delivery';
import { MyContacts } from '../guestContacts';
import EraseMyData from './EraseMyData';
import { useGetPrivacySummaryQuery } from './privacyApi';
import './privacy.css';

/** "1 item" / "2 itens". */
function counted(n: number, one: string, many: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
}

/** The right of access: what this device holds, and what the server keeps of the visitor now. */
function WhatWeHold() {
  const { agent, identity, collection, events, packs } = useSession();
  const signedIn = identity.status === 'signedIn';
  const summary = useGetPrivacySummaryQuery({ agent }, { skip: !isAgentId(agent) || identity.status === 'unknown' });
  const data = summary.data;
  return (
    <section className="privacy__section" aria-labelledby="privacy-now">
      <h2 id="privacy-now">O que temos sobre você agora</h2>
      <dl className="privacy__facts">
        <dt>Neste aparelho</dt>
        <dd>
          {counted(collection.length, 'item', 'itens')} na coleção, {counted(events.length, 'evento', 'eventos')},{' '}
          {counted(packs.length, 'pack', 'packs')} de impressões
        </dd>
        {summary.isLoading && (
          <>
            <dt>No servidor</dt>
            <dd>
              <span role="status">Carregando...</span>
            </dd>
          </>
        )}
        {summary.isError && (
          <>
            <dt>No servidor</dt>
            <dd>
              <span role="alert">{errorMessage(summary.error)}</span>
            </dd>
          </>
        )}
        {data && (
          <>
            <dt>No servidor</dt>
            <dd>
              {counted(data.faces, 'registro do rosto', 'registros do rosto')},{' '}
              {counted(data.results, 'imagem ou vídeo de cabine', 'imagens ou vídeos de cabine')} guardados para você; a
              sua presença em {counted(data.grants, 'evento', 'eventos')}
            </dd>
            {signedIn && (
              <>
                <dt>Na sua conta</dt>
                <dd>
                  {[
                    `${counted(data.collection, 'item', 'itens')} na coleção`,
                    counted(data.events, 'evento', 'eventos'),
                    `${counted(data.packs, 'pack', 'packs')} de impressões`,
                    `${counted(data.orders, 'pedido', 'pedidos')} (guardados por lei)`,
                  ].join(', ')}
                </dd>
              </>
            )}
          </>
        )}
      </dl>
    </section>
  );
}

/**
 * `/privacidade`, or with `?fotos={token}` a message's 'Suas fotos' link: the guest's own photos (the delivery's page,
 * in this chunk: docs/product.md#photos-delivered).
 */
export default function PrivacyPage() {
  const token = useSearchParams()[0].get(DELIVERY_COLLECTION_QUERY);
  return token === null ? <PrivacyOverview /> : <GuestCollection token={token} />;
}

/**
 * Privacy (LGPD, Lei 13.709/2018): what is kept, for how long and why, the guest's rights, who
 * to contact, and 'Apagar minhas fotos'. The periods here are the ones the server applies
 * (server/src/modules/privacy/privacy.ts and faces.ts) and the cookies' lifetime
 * (docs/product.md#constants-and-limits).
 */
function PrivacyOverview() {
  return (
    <ScreenFrame title="Privacidade e seus dados" className="privacy">
      <p className="privacy__lead">
        Seus dados são seus. Aqui está, em palavras simples, o que guardamos, por quanto tempo, por quê, e como apagar,
        conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018).
      </p>

      <WhatWeHold />
      <MyContacts />
      <MyDeliveries />

      <section className="privacy__section" aria-labelledby="privacy-erase">
        <h2 id="privacy-erase">Apagar minhas fotos</h2>
        <p>
          Apaga a sua coleção, o que guardamos do seu rosto, as imagens e vídeos das cabines guardados para você, os
          contatos que você deixou para receber fotos, os envios de fotos por WhatsApp ou e-mail (e as mensagens
          enviadas) e as listas de eventos e packs, neste aparelho e, se você entrou, na sua conta. Pedidos e pagamentos
          ficam, porque a lei exige; as fotos da galeria do evento também, porque pertencem ao evento.
        </p>
        <EraseMyData />
      </section>

      <section className="privacy__section" aria-labelledby="privacy-kept">
        <h2 id="privacy-kept">O que guardamos, por quanto tempo e por quê</h2>

        <h3>Sua coleção</h3>
        <p>
          Os links das fotos e vídeos que você coletou. Ficam neste aparelho (cookies e armazenamento do navegador) por
          cerca de 13 meses (34.000.000 segundos) depois da última mudança e, se você entrou, também na sua conta, até
          você apagar. Por quê: para mostrar a sua coleção em qualquer celular, o serviço que você pediu ao coletar.
        </p>

        <h3>Listas da conta: eventos, packs e coleção</h3>
        <p>
          Os eventos em que você esteve, os packs de impressões que você usa e a sua coleção, ligados à sua conta. Ficam
          enquanto a conta existir ou até você apagar. Por quê: para você encontrar tudo de novo ao entrar em outro
          aparelho.
        </p>

        <h3>Quem vê as fotos de um evento privado ou só com link</h3>
        <p>
          As fotos de um evento público ficam abertas a todos. As de um evento privado ou só com link ficam só para quem
          contratou o evento, para a nossa equipe e para quem esteve lá: quem abriu o link de coleta de uma foto do
          evento (o QR code da cabine), usou um pack de impressões dele ou, num evento só com link, abriu o link do
          evento. Guardamos que este aparelho (e a sua conta, quando você entra) tem acesso ao evento; ter uma conta não
          basta. No evento privado é preciso entrar na conta para ver. Quem contratou vê quantas pessoas têm acesso,
          nunca quem, e pode tirar o acesso de todos de uma vez, com um novo link. Ao apagar os seus dados, esse acesso
          também é apagado.
        </p>

        <h3>Selfie de &ldquo;Encontre minhas fotos&rdquo;</h3>
        <p>
          A selfie que você tira para encontrar as fotos em que aparece é apagada na hora: nunca é guardada. Dela
          guardamos só números que descrevem o rosto, por 24 horas no máximo, para mostrar as fotos novas quando você
          volta; &ldquo;Apagar minhas fotos&rdquo; apaga na hora. Se você tocar em &ldquo;Não me mostre&rdquo;,
          guardamos esses números só para tirar as fotos em que você aparece das buscas de outros convidados, até você
          pedir para voltar a aparecer (ou 394 dias). Fotos de rosto enviadas antes desta busca são apagadas 30 dias
          depois do envio. Por quê: o seu consentimento, dado antes da selfie. Rosto é dado sensível (biométrico, LGPD
          art. 11): você pode retirar o consentimento quando quiser, apagando.
        </p>

        <h3>Contato para receber as fotos</h3>
        <p>
          Se você pedir para receber as fotos de um evento (&ldquo;Quero receber as fotos&rdquo;, quando quem contratou
          o evento oferece), guardamos seu nome e o WhatsApp ou e-mail que você informou, só para enviar as fotos desse
          evento, pelo tempo que o texto aceito diz (30 a 365 dias, escolhido por quem contratou), e depois apagamos.
          Guardamos também o texto que você aceitou e quando, como prova do consentimento, por 5 anos, sem o contato.
          Por quê: o seu consentimento (LGPD art. 7º, I). Você pode retirá-lo acima, em &ldquo;Contatos para receber
          fotos&rdquo;, ou com &ldquo;Apagar minhas fotos&rdquo;.
        </p>

        <h3>Fotos por WhatsApp ou e-mail</h3>
        <p>
          Se você pedir para receber as suas fotos (&ldquo;Receber minhas fotos&rdquo;, quando quem contratou o evento
          oferece), guardamos seu nome, o WhatsApp ou e-mail, o texto que você aceitou e quando, e cada mensagem que
          enviamos (quando e como ficou), só para enviar as fotos desse evento e até o fim do prazo que o texto diz.
          Para enviar, o WhatsApp passa pela Meta e o e-mail pelo nosso servidor de e-mail. Por quê: o seu consentimento
          (LGPD art. 7º, I). Toda mensagem traz &ldquo;Parar de receber&rdquo;, que vale na hora; aqui acima,
          &ldquo;Apagar&rdquo; para o envio e apaga o pedido e as mensagens.
        </p>

        <h3>Imagens do espelho com IA e vídeos 360</h3>
        <p>
          O que as cabines fizeram para você, guardado até o seu aparelho buscar, mesmo com a página fechada. É só seu:
          fica com um nome secreto e não aparece na galeria do evento. Fica 394 dias (o tempo de vida dos cookies) e
          depois é apagado; 'Apagar minhas fotos' apaga os arquivos na hora. Por quê: entregar o que você pediu à
          cabine.
        </p>

        <h3>Pedidos e pagamentos</h3>
        <p>
          Nome, e-mail, CPF, dados do evento, valores e a situação do pagamento de cada pedido. Ficam guardados por 5
          anos, o prazo da lei fiscal, mesmo que você apague as suas fotos. Por quê: obrigação legal. Os dados do cartão
          vão direto ao Mercado Pago e nunca chegam ao nosso servidor.
        </p>

        <h3>Formulário de contato</h3>
        <p>
          O que você escreve em &ldquo;Fale com a gente&rdquo; na página inicial (nome, contatos, data e tipo do
          evento). Fica 24 meses e depois é apagado. Por quê: responder ao seu pedido de orçamento.
        </p>

        <h3>O cookie agent</h3>
        <p>
          Um código aleatório que identifica este aparelho, sem nome nem e-mail. Dura cerca de 13 meses. Por quê: ligar
          ao seu aparelho a sua coleção, a sua selfie e o que as cabines fizeram para você. O endereço IP de quem envia
          fotos fica 1 hora, para barrar abusos.
        </p>

        <h3>Fotos do evento</h3>
        <p>
          As fotos e vídeos que as cabines fazem estão na galeria do evento e pertencem ao evento e a quem o contratou.
          Apagar os seus dados não as remove. Para tirar uma foto sua da galeria, fale com a gente.
        </p>

        <h3>Com quem compartilhamos</h3>
        <p>
          Com o Google Firebase, que cuida do login, com o Mercado Pago, que processa os pagamentos, e, se você pedir as
          fotos por WhatsApp, com a Meta, que entrega as mensagens. Não vendemos nem compartilhamos seus dados para
          publicidade.
        </p>
      </section>

      <section className="privacy__section" aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Seus direitos</h2>
        <p>A LGPD (art. 18) garante a você, a qualquer momento e sem custo:</p>
        <ul>
          <li>
            <strong>Acesso:</strong> saber se temos dados seus e quais são (veja &ldquo;O que temos sobre você
            agora&rdquo;, acima, e a sua <Link to={ROUTES.collection}>Minha Coleção</Link>).
          </li>
          <li>
            <strong>Correção:</strong> corrigir dados incompletos, errados ou desatualizados.
          </li>
          <li>
            <strong>Eliminação:</strong> apagar os seus dados, com o botão &ldquo;Apagar minhas fotos&rdquo; ou pedindo
            para nós.
          </li>
          <li>
            <strong>Retirar o consentimento</strong> da busca por rosto, apagando a selfie.
          </li>
          <li>
            <strong>Informação</strong> sobre com quem compartilhamos os seus dados, {'e '}
            <strong>portabilidade</strong> para outro serviço.
          </li>
        </ul>
      </section>

      <section className="privacy__section" aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Quem contatar</h2>
        <p>
          Para qualquer pedido sobre os seus dados, escreva pelo{' '}
          <Link to={{ pathname: ROUTES.home, hash: '#contato' }}>formulário de contato</Link> da página inicial, com
          &ldquo;Privacidade&rdquo; no campo do evento. Respondemos em até 15 dias. Se não ficar satisfeito, você pode
          reclamar à Autoridade Nacional de Proteção de Dados (ANPD), em{' '}
          <a href="https://www.gov.br/anpd">www.gov.br/anpd</a>.
        </p>
      </section>
    </ScreenFrame>
  );
}
