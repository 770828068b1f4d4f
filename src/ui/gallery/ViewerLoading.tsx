/** What a tap on a tile shows while the viewer's code arrives (a first tap on a slow connection). */
export function ViewerLoading() {
  return (
    <div className="modal__backdrop">
      <p role="status" className="viewer__loading">
        Carregando...
      </p>
    </div>
  );
}
