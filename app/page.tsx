// The home page: for now, a pointer to the API.
export default function Home() {
  return (
    <main>
      <h1>Petstore</h1>
      <p>
        The API lives under <code>/v1</code>; its description is at <a href="/v1/openapi.json">/v1/openapi.json</a>.
      </p>
    </main>
  );
}
