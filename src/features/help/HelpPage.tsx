import './help.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../contract/routePaths';
import { CameraPermissionHelp } from '../../ui/CameraPermissionHelp';
import { ScreenFrame } from '../../ui/ScreenFrame';

const TOPICS = [
  { id: 'coletar', title: 'Coletar uma foto' },
  { id: 'imprimir', title: 'Imprimir com um pack de impressões' },
  { id: 'rosto', title: 'Encontrar suas fotos pelo rosto' },
  { id: 'receber', title: 'Receber as fotos no WhatsApp ou e-mail' },
  { id: 'compartilhar', title: 'Compartilhar e baixar' },
  { id: 'colecao', title: 'Minha Coleção' },
  { id: 'privacidade', title: 'Privacidade' },
  { id: 'dono', title: 'Para quem contratou o evento' },
] as const;

type TopicId = (typeof TOPICS)[number]['id'];

function Topic({ id, children }: { id: TopicId; children: ReactNode }) {
  const title = TOPICS.find((topic) => topic.id === id)?.title ?? '';
  return (
    <section id={id} className="help__topic" aria-labelledby={`ajuda-${id}`}>
      <h2 id={`ajuda-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * 'Ajuda' (the menu's): what a guest can do, and what the event's owner can, said plainly.
 * Its own chunk, loaded when opened; it names screens by the words they show.
 */
export default function HelpPage() {
  return (
    <ScreenFrame title="Ajuda" className="help">
      <p className="help__lead">Tudo o que dá para fazer com as fotos da festa, passo a passo.</p>
      <nav aria-label="Assuntos da ajuda">
        <ul className="help__topics">
          {TOPICS.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>

      <Topic id="coletar">
        <ol>
          <li>Aponte a câmera do celular para o QR code da cabine (ou do telão) e abra o link.</li>
          <li>A foto abre e aparece &ldquo;Coletado!&rdquo;: ela já está na sua coleção.</li>
          <li>
            Não precisa de conta. Se o evento for privado, a página pede para entrar ou criar uma conta e, depois disso,
            volta para a foto.
          </li>
        </ol>
        <p>
          Em <strong>Ir para Evento</strong> você vê todas as fotos da festa, cabine por cabine.
        </p>
      </Topic>

      <Topic id="imprimir">
        <p>O pack de impressões vale um certo número de cópias, impressas na impressora da cabine.</p>
        <ol>
          <li>Escaneie o QR code do pack ou abra o link dele. O pack fica guardado neste celular.</li>
          <li>
            Na página do pack aparecem as suas fotos daquele evento: toque em <strong>Imprimir</strong> embaixo da foto.
          </li>
          <li>
            Ou, em qualquer foto, toque no ícone da impressora e escolha o pack em &ldquo;Selecione o pack de
            impressões&rdquo;.
          </li>
          <li>Retire a foto na cabine. Cada impressão usa uma cópia; a página mostra quantas restam.</li>
        </ol>
        <p>
          Se a impressora estiver sem papel, sem tinta ou travada, a sua foto espera e sai quando ela voltar. Se a
          impressão falhar, a cópia volta para o pack.
        </p>
        <p>
          <Link to={ROUTES.packs}>Ver meus packs de impressões</Link>
        </p>
      </Topic>

      <Topic id="rosto">
        <p>Quando o dono do evento liga esta busca, você encontra as fotos em que aparece sem procurar uma por uma.</p>
        <ol>
          <li>
            Abra <Link to={ROUTES.face}>Encontre minhas fotos</Link>, leia o aviso e marque que concorda.
          </li>
          <li>
            Tire uma selfie de frente, com o rosto bem iluminado, e toque em <strong>Procurar minhas fotos</strong>.
          </li>
          <li>
            As fotos em que você aparece, nos eventos em que esteve, aparecem na tela: abra, imprima ou guarde na sua
            coleção.
          </li>
        </ol>
        <p>
          Não quer aparecer nas buscas dos outros? Use <strong>Não me mostre</strong> na mesma página.
        </p>
        <h3>Se a câmera estiver bloqueada</h3>
        <CameraPermissionHelp />
      </Topic>

      <Topic id="receber">
        <p>
          Se quem contratou o evento ligou o envio, a foto coletada, a busca pelo rosto e o pack mostram{' '}
          <strong>Receber minhas fotos</strong>: deixe seu nome e WhatsApp ou e-mail, leia o texto e marque que
          concorda. Cada foto que você coletar depois disso chega até você (e, se quiser, as fotos novas em que a busca
          pelo rosto encontrar você); no fim do evento vem o link da galeria.
        </p>
        <p>
          Toda mensagem traz <strong>Parar de receber</strong>, que vale na hora. Em{' '}
          <Link to={ROUTES.privacy}>Privacidade e seus dados</Link> você vê as mensagens enviadas e pode apagar tudo.
        </p>
      </Topic>

      <Topic id="compartilhar">
        <ul>
          <li>
            Em uma foto, toque no ícone de compartilhar para mandar pelo WhatsApp, Instagram ou guardar no celular.
          </li>
          <li>
            Em <strong>Minha Coleção</strong>, <strong>Baixar todas</strong>
            {' baixa tudo de uma vez (fotos e vídeos), e '}
            <strong>Compartilhar</strong> manda até 20 fotos mais recentes de uma vez. Vídeos e GIFs não vão no
            compartilhamento: baixe-os com &ldquo;Baixar todas&rdquo;.
          </li>
          <li>No iPhone, vídeos não baixam pelo Chrome: use o Safari.</li>
        </ul>
      </Topic>

      <Topic id="colecao">
        <p>
          <Link to={ROUTES.collection}>Minha Coleção</Link> (Galeria, no menu) junta tudo o que você coletou: fotos,
          vídeos, GIFs e as imagens do espelho com IA e da plataforma 360 feitas para você.
        </p>
        <p>
          Ela fica guardada neste celular, sem conta. Entre na sua <Link to={ROUTES.account}>Conta</Link> para ter a
          mesma coleção em outro celular.
        </p>
      </Topic>

      <Topic id="privacidade">
        <p>
          Guardamos só o que é preciso para você ver e imprimir suas fotos. Em{' '}
          <Link to={ROUTES.privacy}>Privacidade e seus dados</Link> você vê o que temos sobre você e pode apagar tudo
          com <strong>Apagar minhas fotos</strong>: a coleção, o que guardamos do seu rosto e a sua presença nos
          eventos. As fotos da galeria do evento continuam sendo do evento. Se você deixou seu contato para receber as
          fotos de um evento, lá também pode retirar o consentimento.
        </p>
      </Topic>

      <Topic id="dono">
        <p>
          Quem contratou a cabine cria o evento em <Link to={ROUTES.account}>Conta</Link>, <strong>Meu Evento</strong>,
          depois do pedido pago. Lá dá para:
        </p>
        <ul>
          <li>
            escolher quem vê as fotos: <strong>Público</strong>, <strong>Somente com o link</strong> ou{' '}
            <strong>Privado</strong>;
          </li>
          <li>ver quantos convidados têm acesso e tirar o acesso de todos de uma vez (o link do evento muda);</li>
          <li>criar o link do telão, para mostrar as fotos da festa numa TV;</li>
          <li>acompanhar as impressoras da cabine e as impressões que esperam;</li>
          <li>ligar ou desligar a busca pelo rosto (Encontre minhas fotos);</li>
          <li>
            em <strong>Fotos do evento</strong>, ocultar uma foto de todos os lugares (<strong>Ocultar</strong>) e
            mostrá-la de novo (<strong>Mostrar</strong>), e ligar <strong>Aprovar antes do telão</strong> para as fotos
            novas só irem para o telão depois de aprovadas;
          </li>
          <li>
            pedir o contato dos convidados que querem receber as fotos (<strong>Contatos dos convidados</strong>), ver a
            lista e baixar em CSV;
          </li>
          <li>
            enviar as fotos aos convidados no WhatsApp ou e-mail (<strong>Fotos por WhatsApp ou e-mail</strong>), com um
            limite de mensagens, e ver quantas foram enviadas e entregues.
          </li>
        </ul>
      </Topic>
    </ScreenFrame>
  );
}
