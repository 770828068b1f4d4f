export default function NuloPage() {
  return <h2>nulo</h2>;
}
