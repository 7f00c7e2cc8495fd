// The alternative to sync-http's worker: a whole Node process per batch (spawnSync), measured by
// the benchmark only.
const requests = JSON.parse(process.argv[2]);
const out = await Promise.all(
  requests.map(async (r) => {
    const res = await fetch(r.url);
    return { status: res.status, body: await res.text() };
  }),
);
process.stdout.write(JSON.stringify(out));
