import nulo from './nulo.svg';

/** The empty placeholder booth (docs/product.md#event-page): only its image. */
export default function NuloPage() {
  return (
    <section className="gallery" aria-labelledby="nulo-title">
      <h2 id="nulo-title" className="visually-hidden">
        Nulo
      </h2>
      <img className="nulo" src={nulo} alt="Cabine sem fotos" width={320} height={320} />
    </section>
  );
}
