// Starts the adapter: our resolve hook for the peer's imports, tsx for TypeScript, then src/adapter.ts.
import { register } from 'node:module'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const arg = process.argv.indexOf('--peer')
const repo = resolve(here, '..', '..', '..')
const PEER = join('peers', 'gamepark-king-of-tokyo-duel')
// --peer DIR, else $KOT_SHARED/peers/..., else the shared/peers/... nearest above the repo.
function nearest() {
  for (let dir = repo; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared', PEER))) return join(dir, 'shared', PEER)
  }
  return join(repo, '..', 'shared', PEER)
}
const peer = resolve(
  arg >= 0 ? process.argv[arg + 1] : process.env.KOT_SHARED ? join(process.env.KOT_SHARED, PEER) : nearest())
if (!existsSync(join(peer, 'rules', 'src', 'index.ts'))) {
  process.stderr.write(`Game Park's King of Tokyo: Duel not found at ${peer}\n`)
  process.exit(2)
}
if (!existsSync(join(here, 'node_modules', 'tsx'))) {
  process.stderr.write(`npm packages missing: run ${join(here, 'setup.sh')}\n`)
  process.exit(2)
}
register('./src/hooks.mjs', import.meta.url, {
  data: { peerURL: pathToFileURL(peer).href + '/', hereURL: pathToFileURL(join(here, 'package.json')).href }
})
const { register: tsx } = await import('tsx/esm/api')
tsx()
if (process.argv.includes('--repro')) {
  // The differences played by hand on their rules (src/repro.ts), one JSON line each.
  const { loadPeer } = await import('./src/adapter.ts')
  const { reproduce } = await import('./src/repro.ts')
  for (const c of reproduce(await loadPeer(join(peer, 'rules', 'src')))) process.stdout.write(JSON.stringify(c) + '\n')
} else {
  const { main } = await import('./src/adapter.ts')
  await main(join(peer, 'rules', 'src'), repo)
}
