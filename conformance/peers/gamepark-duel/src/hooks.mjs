// Module resolution for Game Park's rules, read in place from ../shared/peers: their imports
// of npm packages (@gamepark/rules-api, es-toolkit) resolve from this adapter's node_modules,
// so their folder is never copied nor given a node_modules of its own.
let peerURL = ''
let hereURL = ''

export async function initialize(data) {
  peerURL = data.peerURL
  hereURL = data.hereURL
}

const bare = (s) => !s.startsWith('.') && !s.startsWith('/') && !/^[a-z]+:/.test(s)

export async function resolve(specifier, context, nextResolve) {
  if (bare(specifier) && context.parentURL?.startsWith(peerURL)) {
    return nextResolve(specifier, { ...context, parentURL: hereURL })
  }
  return nextResolve(specifier, context)
}
