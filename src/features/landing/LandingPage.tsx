import './landing.css';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../contract/routePaths';
import booths from './art/booths.svg';
import phone from './art/phone.svg';
import platform360 from './art/platform360.svg';
import wifi from './art/wifi.svg';
import { ContactForm } from './ContactForm';

const WORDS = ['história', 'festa', 'vibe', 'marca', 'tecnologia', 'decoração'];

/** The product's front door (docs/product.md#landing-page). */
export default function LandingPage() {
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__glow" aria-hidden="true" />
        <h1 id="hero-title" className="hero__title">
          <span className="visually-hidden">Sua história/festa/vibe/marca/tecnologia/decoração do seu jeito</span>
          <span aria-hidden="true">
            Sua{' '}
            <span className="hero__words">
              {WORDS.map((word, i) => (
                <span key={word} className="hero__word" style={{ animationDelay: `${i * 2}s` }}>
                  {word}
                </span>
              ))}
            </span>{' '}
            <span className="hero__tail">do seu jeito</span>
          </span>
        </h1>
        <p className="hero__lead">
          Cabines de fotos, vídeos 360 e espelho com inteligência artificial para casamentos, aniversários, formaturas e
          eventos de marca.
        </p>
        <div className="hero__actions">
          <a className="button" href="#contato">
            Peça um orçamento
          </a>
          <Link className="button button--light" to={ROUTES.events}>
            Encontrar minhas fotos
          </Link>
        </div>
      </section>

      <section className="banner banner--360" aria-labelledby="b360-title">
        <div className="banner__text parallax">
          <h2 id="b360-title">Plataforma 360</h2>
          <p>
            Seus convidados no centro da pista: a câmera gira, a música toca e o vídeo em câmera lenta chega no celular
            em segundos.
          </p>
        </div>
        <img
          className="banner__art parallax parallax--slow"
          src={platform360}
          alt="Convidada dançando na plataforma 360 com a câmera girando"
          width={480}
          height={360}
          loading="lazy"
          decoding="async"
        />
      </section>

      <section className="banner banner--booths" aria-labelledby="booths-title">
        <div className="banner__text parallax">
          <h2 id="booths-title">Cabines interativas</h2>
          <p>
            Pad, polaroid, boomerang, hashtag e espelho mágico com IA: cada cabine com a cara da sua festa, e fotos
            impressas na hora com packs de impressões.
          </p>
        </div>
        <img
          className="banner__art parallax parallax--slow"
          src={booths}
          alt="Cabine de fotos ao lado de uma polaroid com a hashtag da festa"
          width={480}
          height={360}
          loading="lazy"
          decoding="async"
        />
      </section>

      <section className="showcase" aria-labelledby="showcase-title">
        <img
          className="showcase__phone parallax parallax--slow"
          src={phone}
          alt="Celular mostrando a galeria de fotos coletadas"
          width={300}
          height={560}
          loading="lazy"
          decoding="async"
        />
        <div className="showcase__cards">
          <h2 id="showcase-title">As fotos no celular de cada convidado</h2>
          <ul>
            <li className="card parallax">Escaneou o QR code da cabine, coletou: a foto vai para a coleção.</li>
            <li className="card parallax">Compartilhe no WhatsApp e no Instagram direto da galeria.</li>
            <li className="card parallax">Imprima com o seu pack, sem fila.</li>
          </ul>
        </div>
      </section>

      <section className="unlimited" aria-labelledby="unlimited-title">
        <img src={wifi} alt="" width={200} height={160} loading="lazy" decoding="async" />
        <h2 id="unlimited-title">conexão ilimitada para todos</h2>
        <p>Rede própria nas cabines: as fotos chegam mesmo quando o Wi-Fi do salão não ajuda.</p>
      </section>

      <section className="find" aria-labelledby="find-title">
        <h2 id="find-title">Já esteve em um evento com a gente?</h2>
        <p>Suas fotos, vídeos e imagens com IA estão esperando por você.</p>
        <Link className="button" to={ROUTES.events}>
          Ver eventos
        </Link>
      </section>

      <section className="contato" id="contato" aria-labelledby="contato-title">
        <h2 id="contato-title">Fale com a gente</h2>
        <p>Conte sobre o seu evento e mandamos um orçamento.</p>
        <ContactForm />
      </section>

      <footer className="landing__footer">
        <Link to={ROUTES.privacy}>Privacidade e seus dados</Link>
      </footer>
    </div>
  );
}
