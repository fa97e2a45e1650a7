// kot-conform adapter (protocol 1) for Game Park's King of Tokyo: Duel rules.
//
// Every rule is Game Park's: their KingOfTokyoDuelRules plays each move with rules-api's
// playAction, which runs the consequences until the game waits for a player. The adapter
// only translates: our state JSON into their MaterialGame at a turn's start, our actions into
// their legal moves, the faces the runner gives into their roll results, and their game back
// into our state JSON (docs/formats/state.md). What it cannot translate it calls unsupported.
import { readdirSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as api from '@gamepark/rules-api'

type Json = any

const GAME = 'king-of-tokyo-duel'
// The commit of the copy in ../shared/peers (peers/README.md).
const VERSION = '55d2cd9'
// Our faces, in the order the state JSON writes them; a reader also takes King of Tokyo's
// spelling of the same six slots (docs/formats/state.md).
const FACE_ORDER = ['fame', 'destruction', 'power', 'energy', 'heal', 'smash']
const FACE_ALIASES: Record<string, string> = {
  '1': 'fame', '2': 'destruction', '3': 'power', heart: 'heal', claw: 'smash'
}
const ACTIONS = ['roll', 'reroll', 'stop', 'spend-dice-tokens', 'resolve', 'choose', 'buy', 'sweep', 'end-turn']
// Paths of the state view (docs/formats/state.md, plus eliminated and waiting_for).
const FIELDS = [
  'active', 'turn', 'phase', 'outcome', 'dice', 'shop', 'deck', 'discard', 'waiting_for',
  'monsters.hearts', 'monsters.max_hearts', 'monsters.stars', 'monsters.energy', 'monsters.cards', 'monsters.alive',
  'monsters.eliminated', 'board.fame', 'board.destruction', 'board.extra_space',
  'board.dice_tokens', 'board.tiles', 'events'
]
// Our Buzz tile ids (spec/games/king-of-tokyo-duel.yaml) and theirs (material/Buzz.ts): the
// same twelve tiles, each with its spaces' bonuses in the same order.
const TILES: Record<string, string> = {
  smash: 'CatSmash', 'dice-token': 'PandaDice', king: 'TheKingBuzz', heal: 'FishHeal',
  energy: 'TigerEnergy', 'smash-dice-token': 'LizardSmashDice', 'energy-heal': 'AnubisEnergyHeal',
  'energy-smash-heal': 'DragonEnergySmashHeal', shortcut: 'AlienShortcut',
  'heal-smash-2-heal': 'PumpkinHealSmash2Heal', 'detour-heal': 'PhantomExtendHeal',
  'detour-smash': 'PenguinExtendSmash'
}
// Their spelling of one card title differs from the printed one.
const CARD_SPELLINGS: Record<string, string> = { lightingspeed: 'lightningspeed' }

class Refused extends Error {}
class Unsupported extends Error {}
class BadRequest extends Error {}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x))

/** Their modules, read in place from their rules/src folder. */
export type Peer = {
  Rules: any, Setup: any, MaterialType: any, LocationType: any, Monster: any, DiceFace: any,
  Pawn: any, Buzz: any, getBuzzSpaces: any, buzzDescriptions: any, PowerCard: any, boards: any, RuleId: any, RollHelper: any,
  Memory: any, CustomMoveType: any, GameOverRule: any, DiceColor: any, EffectType: any,
  cardData: any
}

export async function loadPeer(src: string): Promise<Peer> {
  const mod = (p: string) => import(pathToFileURL(join(src, p)).href)
  const index = await mod('index.ts')
  const buzz = await mod('material/Buzz.ts')
  return {
    Rules: index.KingOfTokyoDuelRules,
    Setup: index.KingOfTokyoDuelSetup,
    MaterialType: (await mod('material/MaterialType.ts')).MaterialType,
    LocationType: (await mod('material/LocationType.ts')).LocationType,
    Monster: (await mod('material/Monster.ts')).Monster,
    DiceFace: (await mod('material/DiceFace.ts')).DiceFace,
    Pawn: (await mod('material/Pawn.ts')).Pawn,
    Buzz: buzz.Buzz,
    getBuzzSpaces: buzz.getBuzzSpaces,
    buzzDescriptions: buzz.buzzDescriptions,
    RollHelper: (await mod('rules/helper/RollHelper.ts')).RollHelper,
    PowerCard: (await mod('material/cards/PowerCard.ts')).PowerCard,
    boards: (await mod('material/MonsterBoardDescription.ts')).monsterBoardDescriptions,
    RuleId: (await mod('rules/RuleId.ts')).RuleId,
    Memory: (await mod('rules/Memory.ts')).Memory,
    CustomMoveType: (await mod('rules/CustomMoveType.ts')).CustomMoveType,
    GameOverRule: (await mod('rules/GameOverRule.ts')).GameOverRule,
    DiceColor: (await mod('material/DiceColor.ts')).DiceColor,
    EffectType: (await mod('rules/effects/EffectType.ts')).EffectType,
    cardData: (await mod('material/cards/PowerCardCharacteristics.ts')).powerCardCharacteristics
  }
}

/** A numeric enum's names (TypeScript enums map both ways). */
const names = (e: any): string[] => Object.keys(e).filter(k => isNaN(Number(k)))

/** The two vocabularies side by side: monsters, cards, faces, tiles, tracks. */
class Vocabulary {
  monsterOf = new Map<string, number>() // our monster name -> their Monster
  monsterName = new Map<number, string>()
  cardOf = new Map<string, number>() // our card id -> their PowerCard
  cardId = new Map<number, string>()
  faceOf = new Map<string, number>() // our face -> their DiceFace
  faceName = new Map<number, string>()
  tileOf = new Map<string, number>()
  tileId = new Map<number, string>()

  constructor(readonly P: Peer, ourCards: string[]) {
    const monsters = ['Alienoid', 'Cyber Kitty', 'Gigazaur', 'Meka Dragon', 'Space Penguin', 'The King']
    for (const m of monsters) this.pair(this.monsterOf, this.monsterName, m, P.Monster[m.replace(/ /g, '')])
    const theirs = new Map(names(P.PowerCard).map(n => [CARD_SPELLINGS[norm(n)] ?? norm(n), P.PowerCard[n]]))
    for (const id of ourCards) {
      const card = theirs.get(norm(id))
      if (card !== undefined) this.pair(this.cardOf, this.cardId, id, card)
    }
    const faces: Record<string, string> = {
      fame: 'Fame', destruction: 'Destruction', power: 'Power', energy: 'Energy', heal: 'Heal', smash: 'Claw'
    }
    for (const [ours, their] of Object.entries(faces)) this.pair(this.faceOf, this.faceName, ours, P.DiceFace[their])
    for (const [ours, their] of Object.entries(TILES)) this.pair(this.tileOf, this.tileId, ours, P.Buzz[their])
  }

  private pair<K, V>(to: Map<K, V>, back: Map<V, K>, k: K, v: V) {
    if (v === undefined) throw new Error(`their rules lack ${String(k)}`)
    to.set(k, v)
    back.set(v, k)
  }

  face(f: unknown): string {
    const s = String(f).trim().toLowerCase()
    const face = FACE_ALIASES[s] ?? s
    if (!FACE_ORDER.includes(face)) throw new BadRequest(`unknown face ${JSON.stringify(f)}`)
    return face
  }

  track(t: string) {
    const { LocationType, Pawn } = this.P
    if (t === 'fame') return { location: LocationType.FameTrack, pawn: Pawn.Fame }
    if (t === 'destruction') return { location: LocationType.DestructionTrack, pawn: Pawn.Destruction }
    throw new BadRequest(`unknown track ${JSON.stringify(t)}`)
  }

  trackName(locationType: number) {
    return locationType === this.P.LocationType.FameTrack ? 'fame' : 'destruction'
  }

  /** Whether a tile reads the same from either end (its order then says nothing). */
  symmetric(buzz: number): boolean {
    const effects = this.P.buzzDescriptions[buzz].effects
    return JSON.stringify(effects) === JSON.stringify([...effects].reverse())
  }

  /** Whether their tile ``buzz`` at ``location`` covers ``spaces`` in our order. */
  covers(buzz: number, location: Json, spaces: number[]): boolean {
    const got = this.P.getBuzzSpaces(location, buzz)
    if (!got.every((sp: Json) => sp.y === 0)) return false
    const xs = JSON.stringify(got.map((sp: Json) => sp.x))
    return xs === JSON.stringify(spaces) || (this.symmetric(buzz) && xs === JSON.stringify([...spaces].reverse()))
  }
}

const sortFaces = (faces: string[]) => [...faces].sort((a, b) => FACE_ORDER.indexOf(a) - FACE_ORDER.indexOf(b))

function isSubMultiset(part: string[], whole: string[]) {
  const left = [...whole]
  for (const f of part) {
    const i = left.indexOf(f)
    if (i < 0) return false
    left.splice(i, 1)
  }
  return true
}

/** One game of theirs, with the few facts our protocol needs and their game does not keep. */
class Session {
  rules: any
  faces: number[] = [] // the faces the next roll shows, in their DiceFace
  awaitingRoll = false // a reroll was chosen: the dice wait to be thrown
  tokensDecided = false // the dice-token decision was made this turn
  noEffect: string[] = [] // faces resolved that their rules give no move (nothing happens)
  round = 0
  queue: Json[] = [] // their consequences still to play, stopped at dice to throw
  events: Json[] = [] // our events of what their moves did, since the last answer
  rolls = 0 // rolls this turn (the rolled event's number)
  thrown: string[] = [] // faces of the dice thrown by the roll being played
  preventing?: { seat: number, before: number } // a smash their prevention rule is working on
  leaving = false // Titanic Batteries: the owner chose to leave dice unresolved
  buyActed = false // a card bought or the shop refreshed in the buy phase
  order: Record<number, number[]> = {} // a symmetric tile's spaces in the order we named them

  constructor(readonly P: Peer, readonly V: Vocabulary, public game: Json, readonly names: string[]) {
    this.rules = this.newRules()
    this.newTurnCheck()
  }

  newRules() {
    return new this.P.Rules(this.game)
  }

  // ---------------------------------------------------------------- reading their game

  get seats(): number[] { return this.game.players }
  seatOf(monster: number) { return this.seats.indexOf(monster) }
  remind(key: number) { return this.game.memory?.[key] }
  get ruleId(): number | undefined { return this.game.rule?.id }
  get decider(): number | undefined { return this.game.rule?.player }
  get active(): number { return this.remind(this.P.Memory.ActivePlayer) ?? this.decider }
  material(type: number) { return this.rules.material(type) }
  legalMoves(): Json[] {
    return this.decider === undefined ? [] : this.rules.getLegalMoves(this.decider)
  }

  newTurnCheck() {
    const round = this.remind(this.P.Memory.Round)
    if (round !== this.round) {
      this.round = round
      this.awaitingRoll = false
      this.tokensDecided = false
      this.noEffect = []
      this.rolls = 0
      this.leaving = false
      this.buyActed = false
    }
  }

  hearts(m: number): number {
    return this.material(this.P.MaterialType.HealthCounter).player(m).getItem().location.rotation
  }

  energy(m: number): number {
    return this.material(this.P.MaterialType.Energy).location(this.P.LocationType.PlayerEnergy).player(m).getQuantity()
  }

  tokens(m: number): number {
    return this.material(this.P.MaterialType.DiceToken).location(this.P.LocationType.PlayerDiceToken).player(m).getQuantity()
  }

  diceAt(...types: number[]) {
    return this.material(this.P.MaterialType.Dice).location((l: Json) => types.includes(l.type)).player(this.active)
  }

  faceNames(items: Json[]) { return items.map(d => this.V.faceName.get(d.location.rotation)!) }

  rollCount(): number { return this.remind(this.P.Memory.RollCount) ?? 0 }

  /** The dice on the table, as our state shows them (none before the first roll). */
  table(): string[] {
    const L = this.P.LocationType
    if (this.ruleId === this.P.RuleId.RollDice && this.rollCount() === 0) return []
    if (this.awaitingRoll) return sortFaces(this.faceNames(this.diceAt(L.PlayerDiceKeep).getItems()))
    if (this.ruleId === this.P.RuleId.RollDice) return sortFaces(this.faceNames(this.diceAt(L.PlayerDiceRoll, L.PlayerDiceKeep).getItems()))
    // Once the rolls are over: their count of each face (RollHelper.countFace: the dice,
    // faces cards add, faces Alienoid adds), as our dice list writes added faces too.
    const helper = new this.P.RollHelper(this.game, this.active)
    return FACE_ORDER.flatMap(f => Array(helper.countFace(this.V.faceOf.get(f))).fill(f))
  }

  phase(): string {
    const R = this.P.RuleId
    if (this.rules.isOver()) return 'over'
    if (this.rollWaiting()) return 'roll'
    switch (this.ruleId) {
      case R.RollDice:
        if (this.awaitingRoll) return 'roll'
        if (this.rollCount() > 0) return 'keep'
        return this.tokens(this.decider!) > 0 && !this.tokensDecided ? 'dice-tokens' : 'roll'
      case R.ResolveDice: return 'resolve'
      case R.Buy: return 'buy'
    }
    // A question in the middle of a step: the step it interrupted. Out of their RollDice rule
    // the rolls are over (their Alienoid power is asked there, before any face is resolved).
    switch (this.remind(this.P.Memory.Phase)) {
      case R.RollDice: return 'resolve'
      case R.ResolveDice: case R.AfterDiceResolution: return 'resolve'
      case R.Buy: case R.EndOfTurn: case R.ChangePlayer: return 'buy'
    }
    return 'roll'
  }

  /** Their consequences stopped at dice to throw (a card's roll, as Camouflage's). */
  rollWaiting(): boolean {
    return this.queue.length > 0 && api.isRoll(this.queue[0])
  }

  /** Their rule waiting for a decision that is not one of the turn's steps. */
  question(): string | undefined {
    const R = this.P.RuleId
    if (this.rules.isOver() || this.ruleId === undefined || this.rollWaiting()) return
    if ([R.RollDice, R.ResolveDice, R.Buy].includes(this.ruleId)) return
    return R[this.ruleId]
  }

  outcome(): Json {
    if (!this.rules.isOver()) return null
    const over = new this.P.GameOverRule(this.game)
    const winners = this.seats.filter(m => over.isWinner(m))
    if (winners.length !== 1) return { winner: null, reason: 'Game Park: no single winner' }
    const w = winners[0]
    const rival = this.seats.find(m => m !== w)!
    const Pawn = this.P.Pawn
    const victorySpace = this.seatOf(w) === 0 ? -7 : 7
    const pawnX = (p: number) => this.material(this.P.MaterialType.Pawn).id(p).getItem().location.x
    let victory = 'spotlight'
    if (over.isDead(rival)) victory = 'hearts'
    else if (pawnX(Pawn.Fame) === victorySpace) victory = 'fame'
    else if (pawnX(Pawn.Destruction) === victorySpace) victory = 'destruction'
    return { winner: this.seatOf(w), reason: `Game Park: ${victory}`, victory }
  }

  cardsAt(type: number, player?: number): string[] {
    let cards = this.material(this.P.MaterialType.PowerCard).location(type)
    if (player !== undefined) cards = cards.player(player)
    return cards.getItems().sort((a: Json, b: Json) => a.location.x - b.location.x)
      .map((c: Json) => this.V.cardId.get(c.id)!)
  }

  tiles(): Json[] {
    const L = this.P.LocationType
    const out: Json[] = []
    const buzz = this.material(this.P.MaterialType.Buzz)
    for (const index of buzz.location((l: Json) => l.type === L.FameTrack || l.type === L.DestructionTrack).getIndexes()) {
      const item = this.game.items[this.P.MaterialType.Buzz][index]
      const tile = this.V.tileId.get(item.id)!
      let spaces = this.P.getBuzzSpaces(item.location, item.id).map((s: Json) => s.x)
      const named = this.order[index]
      if (named && JSON.stringify([...named].reverse()) === JSON.stringify(spaces)) spaces = named
      const owner = tile === 'king' ? this.seatOf(this.P.Monster.TheKing) : null
      out.push({ tile, track: this.V.trackName(item.location.type), spaces, owner })
    }
    return out
  }

  marker(pawn: number): [number, boolean] {
    const x = this.material(this.P.MaterialType.Pawn).id(pawn).getItem().location.x
    return [Math.floor(x), x !== Math.floor(x)]
  }

  state(): Json {
    const { LocationType: L, Pawn } = this.P
    const [fame, fameExtra] = this.marker(Pawn.Fame)
    const [destruction, destructionExtra] = this.marker(Pawn.Destruction)
    const question = this.question()
    return {
      format: 1,
      game: GAME,
      monsters: this.seats.map((m, seat) => ({
        // A Duel has no stars (ours writes 0 for every Duel monster, as here).
        name: this.names[seat], hearts: this.hearts(m), max_hearts: this.P.boards[m].health, stars: 0,
        energy: this.energy(m), alive: this.hearts(m) > 0, eliminated: this.hearts(m) === 0,
        cards: this.cardsAt(L.PlayerKeepCards, m)
      })),
      active: this.seatOf(this.active),
      turn: this.remind(this.P.Memory.Round),
      phase: this.phase(),
      dice: this.table(),
      deck: this.cardsAt(L.PowerCardDeck).reverse(),
      shop: this.cardsAt(L.PowerCardOnBoard).reverse(),
      discard: this.cardsAt(L.Discard),
      outcome: this.outcome(),
      waiting_for: this.rules.isOver() ? null : this.phase() === 'roll' && question === undefined ? 'chance' : this.seatOf(this.decider!),
      pending: question === undefined ? null : { request: { seat: this.seatOf(this.decider!), why: `Game Park's ${question} rule` } },
      board: {
        fame, destruction,
        extra_space: [...(fameExtra ? ['fame'] : []), ...(destructionExtra ? ['destruction'] : [])],
        dice_tokens: this.seats.map(m => this.tokens(m)),
        tiles: this.tiles()
      }
    }
  }

  // ---------------------------------------------------------------- playing their moves

  /** Play one of their legal moves and its consequences, as rules-api's playAction does,
   * except that dice are thrown with the runner's faces: without them the consequences stop
   * there (a chance node) until a roll gives them. */
  play(move: Json) {
    if (!this.rules.isLegalMove(this.decider, move)) throw new Refused(`not a legal move in their rules: ${JSON.stringify(move)}`)
    this.queue = [move]
    this.run()
  }

  run() {
    const context = { player: this.decider }
    for (let fuse = 0; this.queue.length; fuse++) {
      if (fuse > 10000) throw new Error('their consequences do not end')
      let move = this.queue[0]
      if (api.isRoll(move)) {
        if (!this.faces.length) break // a chance node: the runner's roll goes on from here
        move = { ...move, location: { ...move.location, rotation: this.faces.shift() } }
        this.thrown.push(this.V.faceName.get(move.location.rotation)!)
      } else if (this.thrown.length) {
        this.rolled()
      }
      this.queue.shift()
      this.observe(move, () => {
        const consequences = this.rules.play(clone(move), context) ?? []
        this.queue.unshift(...consequences)
      })
    }
    if (this.thrown.length) this.rolled()
  }

  rolled() {
    this.rolls += 1
    this.event('rolled', this.seatOf(this.active), { amount: this.rolls, detail: sortFaces(this.thrown).join(' ') })
    this.thrown = []
  }

  event(kind: string, seat: number | null, fields: Json = {}) {
    this.events.push({ kind, seat, ...fields })
  }

  takeEvents(): Json[] {
    const out = this.events
    this.events = []
    return out
  }

  /** Play ``apply`` (one of their moves) and write our events of what it did. */
  observe(move: Json, apply: () => void) {
    const { MaterialType: T, LocationType: L, RuleId: R, CustomMoveType: C } = this.P
    const items = (t: number) => this.game.items[t] ?? []
    const hearts = this.seats.map(m => this.hearts(m))
    const round = this.remind(this.P.Memory.Round)
    const effect = clone(this.remind(this.P.Memory.CurrentEffect) ?? null)
    const wasActive = this.seatOf(this.active)
    const item = move.kind === api.MoveKind.ItemMove && move.itemIndex !== undefined ? clone(items(move.itemType)[move.itemIndex]) : undefined
    if (move.kind === api.MoveKind.CustomMove && move.type === C.Smash && this.preventing) {
      const prevented = this.preventing.before - move.data.effect.count
      if (prevented > 0) this.event('prevented', this.preventing.seat, { amount: prevented })
      this.preventing = undefined
    }
    apply()
    const active = this.seatOf(this.active)
    if (move.kind === api.MoveKind.RulesMove && move.id !== undefined) {
      if (move.id === R.PreventDamages && !this.preventing && effect) {
        this.preventing = { seat: this.seatOf(effect.target), before: effect.effect.count }
      } else if (move.id === R.Effect && this.preventing) {
        // back to the effects with no smash played: all of it was prevented
        if (this.preventing.before > 0) this.event('prevented', this.preventing.seat, { amount: this.preventing.before })
        this.preventing = undefined
      }
    }
    if (this.remind(this.P.Memory.Round) !== round && round !== undefined) this.event('turn-ended', wasActive)
    if (api.isEndGame(move)) {
      // A monster at 0 hearts when their game ends is out (a card can save it before).
      this.seats.forEach((m, seat) => { if (this.hearts(m) === 0) this.event('eliminated', seat) })
    }
    if (move.kind === api.MoveKind.RulesMove && move.id === R.OnStartTurn) {
      this.rolls = 0
      this.event('turn-started', this.seatOf(move.player ?? this.decider), { amount: this.remind(this.P.Memory.Round) })
    }
    this.seats.forEach((m, seat) => {
      const now = this.hearts(m)
      if (now < hearts[seat]) {
        const src = effect?.sources ?? []
        const detail = src.some((x: Json) => x.type === T.Dice) ? 'attack' : src.some((x: Json) => x.type === T.PowerCard) ? 'card' : undefined
        this.event('damaged', seat, { amount: effect?.effect?.count ?? hearts[seat] - now, source: wasActive, ...(detail ? { detail } : {}) })
      } else if (now > hearts[seat]) {
        this.event('healed', seat, { amount: now - hearts[seat] })
      }
    })
    if (move.kind !== api.MoveKind.ItemMove) return
    const mover = this.seatOf(this.decider ?? this.active)
    if (move.itemType === T.Energy && move.type === api.ItemMoveType.Create) {
      this.event('energy', this.seatOf(move.item.location.player), { amount: move.item.quantity ?? 1 })
    } else if (move.itemType === T.Energy && move.type === api.ItemMoveType.Delete) {
      const bought = this.events.findLast((e: Json) => e.kind === 'bought')
      if (bought && bought.amount === undefined) bought.amount = move.quantity ?? 1
    } else if (move.itemType === T.PowerCard && move.location?.type === L.BuyArea) {
      this.event('bought', active, { detail: this.V.cardId.get(item.id) })
    } else if (move.itemType === T.Pawn && move.type === api.ItemMoveType.Move) {
      const x = items(T.Pawn)[move.itemIndex].location.x
      const track = item.id === this.P.Pawn.Fame ? 'fame' : 'destruction'
      this.event('pulled', effect ? this.seatOf(effect.target) : active, { amount: Math.floor(x), detail: x === Math.floor(x) ? track : `${track} (extra space above)` })
    } else if (move.itemType === T.Buzz && (move.location?.type === L.FameTrack || move.location?.type === L.DestructionTrack)) {
      const placed = items(T.Buzz)[move.itemIndex]
      const sign = (x: number) => (x > 0 ? '+' : '') + x
      const named = this.order[move.itemIndex]
      const spaces = named ?? this.P.getBuzzSpaces(placed.location, placed.id).map((sp: Json) => sp.x)
      const track = this.V.trackName(placed.location.type)
      if (placed.id === this.P.Buzz.TheKingBuzz) {
        const from = item.location.type === L.PlayerBuzzToken ? 'place' : `move ${this.V.trackName(item.location.type)} ${sign(item.location.x)} to`
        this.event('used', mover, { detail: `The King: King tile ${from} ${track} ${sign(placed.location.x)}` })
      } else {
        this.event('tile-placed', mover, { detail: `${this.V.tileId.get(placed.id)} on ${track} ${spaces.map(sign).join(' ')}` })
      }
    }
  }

  findMove(test: (m: Json) => boolean): Json | undefined {
    return this.legalMoves().find(test)
  }

  custom(type: number, data?: unknown) {
    return (m: Json) => m.kind === api.MoveKind.CustomMove && m.type === type && (data === undefined || m.data === data)
  }

  apply(action: Json) {
    const kind = action?.type
    if (!ACTIONS.includes(kind)) throw new Unsupported(`the adapter has no action ${JSON.stringify(kind)}`)
    if (this.rules.isOver()) throw new Refused('the game is over')
    const saved = this.save()
    try {
      this.dispatch(kind, action)
    } catch (e) {
      this.restore(saved)
      throw e
    }
    this.faces = []
    this.newTurnCheck()
  }

  save(): Json {
    const { rules: _rules, P: _P, V: _V, names: _names, ...fields } = this as any
    return clone(fields)
  }

  restore(saved: Json) {
    Object.assign(this, clone(saved))
    this.rules = this.newRules()
  }

  dispatch(kind: string, action: Json) {
    const { CustomMoveType: C, MaterialType: T, LocationType: L } = this.P
    const phase = this.phase()
    const question = this.question()
    const need = (p: string) => {
      if (phase !== p || question !== undefined) throw new Refused(`not open now: phase ${phase}${question ? `, their ${question} rule asks` : ''}`)
    }
    switch (kind) {
      case 'roll': {
        need('roll')
        const faces = this.facesOf(action.faces)
        if (this.rollWaiting()) { // dice a card throws in the middle of a step
          const toRoll = this.queue.filter(m => api.isRoll(m)).length
          if (faces.length !== toRoll) throw new Refused(`${toRoll} dice are thrown, not ${faces.length}`)
          this.faces = faces.map(f => this.V.faceOf.get(f)!)
          this.run()
          return
        }
        const toRoll = this.diceAt(L.PlayerDiceRoll).length
        if (faces.length !== toRoll) throw new Refused(`${toRoll} dice are thrown, not ${faces.length}`)
        const roll = this.findMove(this.custom(C.Roll))
        if (!roll) throw new Refused('their rules offer no roll now')
        this.faces = faces.map(f => this.V.faceOf.get(f)!)
        this.awaitingRoll = false
        this.tokensDecided = true
        this.play(roll)
        if (this.faces.length) throw new Refused(`their rules threw ${toRoll - this.faces.length} dice, not ${toRoll}`)
        return
      }
      case 'spend-dice-tokens': {
        need('dice-tokens')
        const count = Number(action.count)
        if (!Number.isInteger(count) || count < 0) throw new BadRequest('count: a whole number')
        if (count > this.tokens(this.decider!)) throw new Refused(`only ${this.tokens(this.decider!)} dice tokens`)
        for (let i = 0; i < count; i++) {
          const spend = this.findMove(m => m.kind === api.MoveKind.ItemMove && m.itemType === T.DiceToken)
          if (!spend) throw new Refused('their rules offer no dice token to spend')
          this.play(spend)
        }
        this.tokensDecided = true
        return
      }
      case 'stop': {
        need('keep')
        const pass = this.findMove(this.custom(C.Pass))
        if (!pass) throw new Refused('their rules offer no stop now')
        this.play(pass)
        return
      }
      case 'reroll': return this.reroll(need, action)
      case 'resolve': return this.resolve(phase, question, action)
      case 'choose': return this.choose(question, action)
      case 'buy': {
        need('buy')
        const card = this.V.cardOf.get(String(action.card))
        if (card === undefined) throw new Unsupported(`no card ${JSON.stringify(action.card)} in their rules`)
        if (action.from !== undefined) throw new Unsupported('their rules buy no card from the rival')
        const move = this.findMove(m => m.kind === api.MoveKind.ItemMove && m.itemType === T.PowerCard
          && m.location?.type === L.BuyArea && this.game.items[T.PowerCard][m.itemIndex].id === card)
        if (!move) throw new Refused(`${action.card} cannot be bought now`)
        this.buyActed = true
        this.play(move)
        return
      }
      case 'sweep': {
        need('buy')
        const move = this.findMove(this.custom(C.RenewCards))
        if (!move) throw new Refused('their rules offer no sweep now')
        this.buyActed = true
        this.play(move)
        return
      }
      case 'end-turn': {
        need('buy')
        const move = this.findMove(this.custom(C.Pass))
        if (!move) throw new Refused('their rules offer no end of turn now')
        this.play(move)
        return
      }
    }
  }

  facesOf(list: unknown): string[] {
    if (!Array.isArray(list)) throw new BadRequest('faces: a list')
    return list.map(f => this.V.face(f))
  }

  reroll(need: (p: string) => void, action: Json) {
    need('keep')
    const L = this.P.LocationType
    const keep = this.facesOf(action.keep)
    const rolled = this.diceAt(L.PlayerDiceRoll).getItems()
    const kept = this.diceAt(L.PlayerDiceKeep).getItems()
    const onTable = this.faceNames([...rolled, ...kept])
    if (!isSubMultiset(keep, onTable)) throw new Refused(`cannot keep ${keep} of ${sortFaces(onTable)}`)
    if (keep.length >= onTable.length) throw new Refused('a reroll throws at least one die')
    // Dice already kept stay kept where the keep allows it; each move is one of their legal moves.
    const left = [...keep]
    const indexes = this.diceAt(L.PlayerDiceRoll, L.PlayerDiceKeep).getIndexes()
    const order = [...indexes].sort((a, b) => this.dieAt(b).location.type - this.dieAt(a).location.type)
    const plan: [number, number][] = []
    for (const i of order) {
      const die = this.dieAt(i)
      const f = this.V.faceName.get(die.location.rotation)!
      const j = left.indexOf(f)
      const target = j >= 0 ? L.PlayerDiceKeep : L.PlayerDiceRoll
      if (j >= 0) left.splice(j, 1)
      if (die.location.type !== target) plan.push([i, target])
    }
    for (const [i, target] of plan) {
      const move = this.findMove(m => m.kind === api.MoveKind.ItemMove && m.itemType === this.P.MaterialType.Dice
        && m.itemIndex === i && m.location?.type === target)
      if (!move) throw new Refused(`their rules do not let this die be ${target === L.PlayerDiceKeep ? 'kept' : 'rerolled'}`)
      this.play(move)
      if (this.ruleId !== this.P.RuleId.RollDice) throw new Refused('their rules ended the rolls while the dice were set aside')
    }
    if (!this.findMove(this.custom(this.P.CustomMoveType.Roll))) throw new Refused('their rules offer no reroll now')
    this.awaitingRoll = true
  }

  resolve(phase: string, question: string | undefined, action: Json) {
    const face = this.V.face(action.face)
    if (phase !== 'resolve' && phase !== 'buy') throw new Refused(`not open now: phase ${phase}`)
    if (question !== undefined) throw new Refused(`their ${question} rule asks first`)
    const theirFace = this.V.faceOf.get(face)
    const move = phase === 'resolve' ? this.findMove(this.custom(this.P.CustomMoveType.ChooseDiceFace, theirFace)) : undefined
    if (move) return this.play(move)
    // Their rules offer no move for a face that does nothing (fewer than 3 fame, a heal at full
    // hearts...) and go on without it; ours resolve every face. Resolving it here changes nothing.
    const solved = (this.remind(this.P.Memory.DiceFacesSolved) ?? []).includes(theirFace)
    if (!this.table().includes(face) || solved || this.noEffect.includes(face)) {
      throw new Refused(`no ${face} face left to resolve`)
    }
    if (this.buyActed) throw new Refused('a card was bought or the shop refreshed: the dice are resolved')
    this.noEffect.push(face)
  }

  choose(question: string | undefined, action: Json) {
    const option = String(action.option ?? '').trim()
    const R = this.P.RuleId
    const C = this.P.CustomMoveType
    const power = this.V.faceOf.get('power')
    const again = this.findMove(this.custom(C.ChooseDiceFace, power))
    if (question === undefined && again && (this.remind(this.P.Memory.DiceFacesSolved) ?? []).includes(power)) {
      // Their rules ask to resolve the power faces again for each further use of a power;
      // ours ask only what the next use does. The choice is that next use.
      this.play(again)
      question = this.question()
    }
    const words = option.toLowerCase().split(/\s+/)
    switch (question === undefined ? undefined : R[question]) {
      case R.MoveBuzzToken: {
        if (words[0] !== 'fame' && words[0] !== 'destruction') throw new Refused(`their rules only place the tile: ${option}`)
        const { location } = this.V.track(words[0])
        const spaces = words.slice(1).map(Number)
        const move = this.findMove(m => m.kind === api.MoveKind.ItemMove && m.itemType === this.P.MaterialType.Buzz
          && m.location?.type === location && this.V.covers(this.game.items[this.P.MaterialType.Buzz][m.itemIndex].id, m.location, spaces))
        if (!move) throw new Refused(`their rules do not lay the tile on ${option}`)
        this.order[move.itemIndex] = spaces
        return this.play(move)
      }
      case R.Gigazaur: {
        const track = words.find(w => w === 'fame' || w === 'destruction')
        if (!track) throw new Refused(`Gigazaur pulls the Fame or the Destruction marker, not ${option}`)
        const move = this.findMove(this.custom(C.ChoosePawn, this.V.track(track).pawn))
        if (!move) throw new Refused(`their rules do not pull ${track} now`)
        return this.play(move)
      }
      case R.Alienoid: {
        const move = option === 'pass' ? this.findMove(this.custom(C.Pass))
          : this.findMove(this.custom(C.ChooseDiceFace, this.V.faceOf.get(this.V.face(option))))
        if (!move) throw new Refused(`their Alienoid power does not take ${option}`)
        return this.play(move)
      }
      case R.TheKing: {
        // "place TRACK X" or "move TRACK X to TRACK Y": a King tile onto a space.
        const to = words[0] === 'place' ? words.slice(1, 3) : words[0] === 'move' ? words.slice(4, 6) : []
        if (to.length !== 2) throw new Refused(`The King's power does not take ${option}`)
        const from = words[0] === 'move' ? { track: this.V.track(words[1]).location, x: Number(words[2]) } : undefined
        const { location } = this.V.track(to[0])
        const Buzz = this.game.items[this.P.MaterialType.Buzz]
        const move = this.findMove(m => m.kind === api.MoveKind.ItemMove && m.itemType === this.P.MaterialType.Buzz
          && m.location?.type === location && m.location.x === Number(to[1])
          && (from === undefined
            ? Buzz[m.itemIndex].location.type === this.P.LocationType.PlayerBuzzToken
            : Buzz[m.itemIndex].location.type === from.track && Buzz[m.itemIndex].location.x === from.x))
        if (!move) throw new Refused(`their rules do not let The King ${option}`)
        return this.play(move)
      }
    }
    if (question === undefined) throw new Refused('nothing asks a question now')
    const move = this.cardAnswer(question, words)
    if (move === null) return // an answer that is no move of theirs (see cardAnswer)
    if (move === undefined) throw new Unsupported(`the adapter cannot answer their ${question} rule (choose ${JSON.stringify(option)})`)
    this.play(move)
  }

  /** A card's question: our answer as one of their legal moves (null: nothing to play). */
  cardAnswer(question: string, words: string[]): Json | undefined | null {
    const { MaterialType: T, LocationType: L, CustomMoveType: C, RuleId: R } = this.P
    const moves = this.legalMoves()
    const option = words.join(' ')
    const cards = this.game.items[T.PowerCard]
    const cardMove = (to: number) => moves.find(m => m.kind === api.MoveKind.ItemMove && m.itemType === T.PowerCard && m.location?.type === to)
    const pass = moves.find(this.custom(C.Pass))
    switch (R[question]) {
      case R.InShape: // pay 1 energy for a pull, or not
        return option === 'pay' ? moves.find(m => m.itemType === T.Energy && m.type === api.ItemMoveType.Delete) : option === 'pass' ? pass : undefined
      case R.Hibernation: // discard it, or rest (heal and end the turn)
        return option === 'discard' ? cardMove(L.Discard) : option === 'rest' ? pass : undefined
      case R.Rebooting: // skip resolving (discard it for tokens and energy), or not
        return option === 'skip' ? cardMove(L.Discard) : option === 'pass' ? pass : undefined
      case R.SuperConductor: // discard it to take the energy, or not
        return option === 'discard' ? cardMove(L.Discard) : option === 'pass' ? pass : undefined
      case R.EffectChoice: { // Unchained: a smash instead of the Buzz bonus, or the bonus
        const choices = moves.filter(this.custom(C.ChooseEffect))
        if (option === 'pass') return choices.find(m => m.data.sources.some((x: Json) => x.type === T.Buzz))
        const type = { smash: 'Smash', heal: 'Heal', energy: 'GainEnergy' }[option]
        return choices.find(m => type !== undefined && m.data.effect.type === this.P.EffectType?.[type])
          ?? choices.find(m => !m.data.sources.some((x: Json) => x.type === T.Buzz))
      }
      case R.TitanicBatteries: { // leave 2 dice unresolved (chosen by face), or not
        if (option === 'pass') return moves.find(m => m.kind === api.MoveKind.RulesMove && m.id === R.ResolveDice)
        if (option === 'leave') {
          if (!moves.some(m => m.itemType === T.Dice)) return undefined
          this.leaving = true
          return null
        }
        const face = this.V.faceOf.get(FACE_ALIASES[option] ?? option)
        if (!this.leaving || face === undefined) return undefined
        return moves.find(m => m.itemType === T.Dice && this.dieAt(m.itemIndex).location.rotation === face)
      }
    }
    // Questions answered with a card: buy it (Made in a Lab), discard a rival's (Tesla
    // Impulse), discard one's own (Dominate), swap for it (Unstable DNA); or pass.
    if (option === 'pass') return pass
    const card = this.V.cardOf.get(option.replace(/ /g, '-'))
    if (card === undefined) return undefined
    return moves.find(m => m.kind === api.MoveKind.ItemMove && m.itemType === T.PowerCard && cards[m.itemIndex].id === card)
  }

  dieAt(i: number): Json { return this.game.items[this.P.MaterialType.Dice][i] }
}

// ---------------------------------------------------------------- set-ups

/** Math.random replaced by a seeded generator while their setup shuffles (mulberry32). */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function checkOptions(options: Json) {
  for (const [k, v] of Object.entries(options ?? {})) {
    // Options of King of Tokyo's rules that a Duel game leaves at their defaults.
    const defaults: Record<string, unknown> = {
      tokyo_bay: null, first_player: 'seat-order', dice: 6, rolls: 3, win_stars: 20, start_hearts: 10,
      max_hearts: 10, bonus_claws: false, heart_cap: null, neighbours_attacked_only: false,
      revived_leaves_tokyo: false, probe_after_last_roll: false, refund_printed_cost: false
    }
    if (k === 'tokyo_bay' && v === false) continue // resolved for 2 monsters: no Bay
    if (!(k in defaults) || defaults[k] !== v) throw new Unsupported(`their rules have no option ${k} = ${JSON.stringify(v)}`)
  }
}

class Adapter {
  session?: Session
  private pristine: Json

  constructor(readonly P: Peer, readonly V: Vocabulary) {
    this.pristine = clone([P.cardData, P.buzzDescriptions])
  }

  /** Their card and Buzz tables as loaded. Their effects are kept in the game's memory by
   * reference to these tables' objects, and damage prevention (Armor Plating, Trend Setter,
   * Camouflage) lowers the count in place, so a prevented card or Buzz smash stays lower
   * for every later game in the process. Each game here starts from the tables as loaded;
   * docs/conform/gamepark-duel.md shows the leak. */
  resetTables() {
    const reset = (now: Json, was: Json) => {
      for (const key of Object.keys(was)) {
        if (was[key] !== null && typeof was[key] === 'object' && now[key] !== null && typeof now[key] === 'object') reset(now[key], was[key])
        else now[key] = was[key]
      }
    }
    reset(this.P.cardData, this.pristine[0])
    reset(this.P.buzzDescriptions, this.pristine[1])
  }

  monsters(list: unknown): number[] {
    if (!Array.isArray(list) || list.length !== 2) throw new Unsupported('a Duel has 2 monsters')
    return list.map(n => {
      const m = this.V.monsterOf.get(String(n))
      if (m === undefined) throw new Unsupported(`their rules have no monster ${JSON.stringify(n)}`)
      return m
    })
  }

  setup(monsters: number[], seed: number): Json {
    const random = Math.random
    Math.random = seeded(seed)
    try {
      return new this.P.Setup().setup({ players: monsters.map(id => ({ id })) })
    } finally {
      Math.random = random
    }
  }

  newGame(req: Json) {
    checkOptions(req.options)
    this.resetTables()
    const names: string[] = req.monsters
    const game = this.setup(this.monsters(names), Number(req.seed ?? 0))
    this.session = new Session(this.P, this.V, game, names)
  }

  load(req: Json) {
    checkOptions(req.options)
    this.resetTables()
    const s = req.state
    if (typeof s !== 'object' || s === null) throw new BadRequest('load: state must be an object')
    if (s.game !== GAME) throw new Unsupported(`their rules play ${GAME} only`)
    const names: string[] = (s.monsters ?? []).map((m: Json) => m.name)
    const monsters = this.monsters(names)
    const P = this.P
    const { MaterialType: T, LocationType: L } = P
    if (s.phase !== 'roll' && s.phase !== 'dice-tokens') throw new Unsupported(`the adapter starts only at a turn's first roll, not in phase ${s.phase}`)
    const empty: Record<string, unknown> = {
      pending: null, extra_turns: [], inserted: [], tokens: [], held: [], protected: [], outcome: null,
      dice: [], rolls_done: 0, copying: [], used_abilities: []
    }
    for (const [k, v] of Object.entries(empty)) {
      if (k in s && JSON.stringify(s[k]) !== JSON.stringify(v)) throw new Unsupported(`the adapter cannot load state.${k} = ${JSON.stringify(s[k])}`)
    }
    const b = s.board ?? {}
    for (const k of ['dominated', 'fewer_dice', 'added_faces']) {
      if (b[k] !== undefined && JSON.stringify(b[k]).match(/[1-9]/)) throw new Unsupported(`the adapter cannot load board.${k} = ${JSON.stringify(b[k])}`)
    }
    if (b.bought || (b.resolved ?? []).length) throw new Unsupported('the adapter starts only before a turn\'s first roll')
    const game = this.setup(monsters, 0)
    const active = monsters[s.active]
    if (active === undefined) throw new BadRequest('state.active: a seat')
    // Hearts, energy, dice tokens.
    s.monsters.forEach((m: Json, seat: number) => {
      const board = P.boards[monsters[seat]].health
      if ((m.max_hearts ?? board) !== board) throw new Unsupported(`their ${m.name} has ${board} hearts at most, not ${m.max_hearts}`)
      if (!m.alive || m.hearts <= 0) throw new Unsupported('their rules hold no eliminated monster')
    })
    for (const item of game.items[T.HealthCounter]) item.location.rotation = s.monsters[this.seatIn(monsters, item.location.player)].hearts
    game.items[T.Energy] = monsters.flatMap((m, seat) => {
      const e = s.monsters[seat].energy ?? 0
      return e > 0 ? [{ location: { type: L.PlayerEnergy, player: m }, quantity: e }] : []
    })
    const tokens: number[] = b.dice_tokens ?? [0, 0]
    const stock = 4 - tokens[0] - tokens[1]
    if (stock < 0) throw new Unsupported('their box has 4 dice tokens')
    game.items[T.DiceToken] = [
      ...(stock > 0 ? [{ location: { type: L.WhiteTokenStock }, quantity: stock }] : []),
      ...monsters.flatMap((m, seat) => tokens[seat] > 0 ? [{ location: { type: L.PlayerDiceToken, player: m }, quantity: tokens[seat] }] : [])
    ]
    // Markers, on a space or on a lengthening tile's extra space (their x + 0.5).
    const extra: string[] = b.extra_space ?? []
    for (const item of game.items[T.Pawn]) {
      const track = item.id === P.Pawn.Fame ? 'fame' : 'destruction'
      item.location.x = (b[track] ?? 0) + (extra.includes(track) ? 0.5 : 0)
    }
    // Buzz tiles.
    const order: Record<number, number[]> = {}
    for (const tile of b.tiles ?? []) {
      const buzz = this.V.tileOf.get(tile.tile)
      if (buzz === undefined) throw new Unsupported(`their rules have no tile ${tile.tile}`)
      const items = game.items[T.Buzz].filter((i: Json) => i.id === buzz && i.location.type !== L.FameTrack && i.location.type !== L.DestructionTrack)
      if (!items.length) throw new Unsupported(`their box has no more ${tile.tile} tile`)
      items[0].location = this.placement(buzz, tile.track, tile.spaces)
      order[game.items[T.Buzz].indexOf(items[0])] = tile.spaces
    }
    // Cards: deck (top = highest x), shop (rightmost, our last, = their x 0), discard, keep cards.
    const place = new Map<number, Json>()
    const put = (ids: string[], where: (i: number, n: number) => Json) => ids.forEach((id, i) => {
      const card = this.V.cardOf.get(id)
      if (card === undefined) throw new Unsupported(`their rules have no card ${id}`)
      place.set(card, where(i, ids.length))
    })
    put(s.deck ?? [], (i, n) => ({ type: L.PowerCardDeck, x: n - 1 - i }))
    put(s.shop ?? [], (i, n) => ({ type: L.PowerCardOnBoard, x: n - 1 - i }))
    put(s.discard ?? [], i => ({ type: L.Discard, x: i }))
    s.monsters.forEach((m: Json, seat: number) => put(m.cards ?? [], i => ({ type: L.PlayerKeepCards, player: monsters[seat], x: i })))
    for (const item of game.items[T.PowerCard]) {
      const where = place.get(item.id)
      if (!where) throw new Unsupported(`the state does not place their card ${this.V.cardId.get(item.id) ?? item.id}`)
      item.location = where
    }
    // Dice: their first player's first turn has 5 red dice (their setup), every other turn 6.
    const red = s.turn === 1 && s.active === 0 ? 5 : 6
    game.items[T.Dice] = [
      ...Array.from({ length: red }, (_, x) => ({ id: P.DiceColor.Red, location: { type: L.PlayerDiceRoll, player: active, x, rotation: 0 } })),
      ...Array.from({ length: 2 }, (_, x) => ({ id: P.DiceColor.White, location: { type: L.WhiteDiceStock, x } }))
    ]
    // Their turn starts: its start-of-turn rule first (OnStartTurn), as after ChangePlayer.
    game.memory = { [P.Memory.ActivePlayer]: active, [P.Memory.Round]: s.turn ?? 1 }
    delete game.rule // no rule ends: the start of a turn is played as their ChangePlayer ends it
    const session = new Session(P, this.V, game, names)
    session.order = order
    api.playAction(session.rules, session.rules.startPlayerTurn(P.RuleId.OnStartTurn, active), active)
    session.newTurnCheck()
    if (s.phase === 'dice-tokens' && session.phase() !== 'dice-tokens') throw new Unsupported('their turn does not start with the dice tokens')
    this.session = session
  }

  seatIn(monsters: number[], m: number) { return monsters.indexOf(m) }

  /** Their location of a tile whose spaces, in the tile's order, are ``spaces``. */
  placement(buzz: number, track: string, spaces: number[]): Json {
    const { location } = this.V.track(track)
    for (let x = -7; x <= 7; x++) {
      for (const rotation of [0, 1, 2, 3, 4, 5]) {
        const loc = { type: location, x, y: 0, rotation }
        if (this.V.covers(buzz, loc, spaces)) return loc
      }
    }
    throw new Unsupported(`their tile cannot lie on ${track} ${spaces}`)
  }

  need(): Session {
    if (!this.session) throw new BadRequest('no game: send new_game or load first')
    return this.session
  }

  handle(req: Json): Json {
    switch (req.op) {
      case 'new_game':
        if (req.game !== GAME) throw new Unsupported(`their rules play ${GAME} only`)
        this.newGame(req)
        return { events: [{ kind: 'turn-started', seat: 0, amount: 1 }] } // their setup starts the first turn
      case 'load':
        if (req.game !== GAME) throw new Unsupported(`their rules play ${GAME} only`)
        this.load(req)
        return {}
      case 'apply':
        this.need().apply(req.action)
        return { events: this.need().takeEvents() }
      case 'legal': {
        const s = this.need()
        const trial = new Session(this.P, this.V, clone(s.game), s.names)
        trial.restore(s.save()) // the same game and the same facts of ours, on a copy
        if (req.action?.type === 'roll') return { legal: trial.phase() === 'roll' && trial.question() === undefined }
        try {
          trial.apply(req.action)
        } catch (e) {
          if (e instanceof Refused) return { legal: false }
          throw e
        }
        return { legal: true }
      }
      case 'state':
        return { state: this.need().state() }
    }
    throw new BadRequest(`unknown op ${JSON.stringify(req.op)}`)
  }
}

/** Their failure: its message and where in their rules it was thrown (the first frame in
 * their rules/src, relative to it), the same on every machine. */
function failure(e: any, src: string): string {
  const frame = String(e?.stack ?? '').split('\n').map(l => l.match(/\((.*):(\d+):\d+\)$/) ?? l.match(/at (.*):(\d+):\d+$/))
    .find(m => m && m[1].replace('file://', '').startsWith(src))
  const where = frame ? ` (their rules/src${frame[1].replace('file://', '').slice(src.length)}:${frame[2]})` : ''
  return `${e?.name ?? 'Error'}: ${e?.message ?? e}${where}`
}

export async function main(src: string, repo: string) {
  const P = await loadPeer(src)
  const ourCards = readdirSync(join(repo, 'spec', 'cards', GAME)).filter(f => f.endsWith('.kot')).map(f => f.slice(0, -4)).sort()
  const V = new Vocabulary(P, ourCards)
  const adapter = new Adapter(P, V)
  const send = (obj: Json) => process.stdout.write(JSON.stringify(obj) + '\n')
  // Anything their code logs goes to stderr: stdout carries the protocol only.
  console.log = console.info = console.warn = console.debug = (...args: unknown[]) => process.stderr.write(args.map(String).join(' ') + '\n')
  send({
    op: 'hello', protocol: 1, engine: { name: "Game Park's King of Tokyo: Duel", version: VERSION },
    games: [{
      game: GAME, setups: ['position', 'new-game'], cards: [...V.cardOf.keys()].sort(), options: {},
      actions: ACTIONS, fields: FIELDS
    }]
  })
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (!line.trim()) continue
    let id: unknown = null
    try {
      const req = JSON.parse(line)
      id = req?.id ?? null
      if (req.op === 'quit') {
        send({ id, ok: true })
        break
      }
      send({ id, ok: true, ...adapter.handle(req) })
    } catch (e: any) {
      const kind = e instanceof Refused ? 'refused' : e instanceof Unsupported ? 'unsupported'
        : e instanceof BadRequest || e instanceof SyntaxError ? 'bad-request' : 'internal'
      if (kind === 'internal') adapter.session = undefined
      send({ id, ok: false, error: { kind, message: kind === 'internal' ? failure(e, src) : String(e?.message ?? e) } })
    }
  }
  process.exit(0)
}
