// Each difference docs/conform/gamepark-duel.md lists, played by hand on Game Park's rules:
// their Setup, their legal moves, rules-api's playAction; no code of the adapter's. The
// dice are the only thing chosen here, through rules-api's roll hook (MaterialRules.roll).
// Run: node main.mjs --repro   (one JSON line per case: {case, holds, detail})
import * as api from '@gamepark/rules-api'
import { type Peer } from './adapter.ts'

type Json = any

/** One game of theirs, played move by move. */
class Table {
  game: Json
  rules: Json
  faces: number[] = []

  constructor(readonly P: Peer, monsters: string[]) {
    this.game = new P.Setup().setup({ players: monsters.map(m => ({ id: P.Monster[m] })) })
    this.rules = new P.Rules(this.game)
    this.rules.roll = () => this.faces.shift() ?? 0
  }

  get player() { return this.game.rule?.player }
  get ruleName(): string | undefined { return this.game.rule ? this.P.RuleId[this.game.rule.id] : undefined }
  moves(): Json[] { return this.player === undefined ? [] : this.rules.getLegalMoves(this.player) }
  custom(type: string, data?: unknown) {
    return (m: Json) => m.kind === api.MoveKind.CustomMove && m.type === this.P.CustomMoveType[type] && (data === undefined || m.data === data)
  }

  play(test: (m: Json) => boolean, what: string) {
    const move = this.moves().find(test)
    if (!move) throw new Error(`no legal move to ${what} in their ${this.ruleName} rule`)
    api.playAction(this.rules, move, this.player)
  }

  roll(...faces: string[]) {
    this.faces = faces.map(f => this.P.DiceFace[f])
    this.play(this.custom('Roll'), 'roll')
  }

  stop() { this.play(this.custom('Pass'), 'stop') }
  resolve(face: string) { this.play(this.custom('ChooseDiceFace', this.P.DiceFace[face]), `resolve ${face}`) }
  pass() { this.play(this.custom('Pass'), 'pass') }
  buy(card: string) {
    const id = this.P.PowerCard[card]
    this.play(m => m.itemType === this.P.MaterialType.PowerCard && m.location?.type === this.P.LocationType.BuyArea
      && this.game.items[this.P.MaterialType.PowerCard][m.itemIndex].id === id, `buy ${card}`)
  }

  /** Lay the bought card's Buzz tile on the first place their rules offer. */
  layTile() { this.play(m => m.itemType === this.P.MaterialType.Buzz, 'lay the tile') }

  hearts(monster: string): number {
    return this.rules.material(this.P.MaterialType.HealthCounter).player(this.P.Monster[monster]).getItem().location.rotation
  }

  pawn(name: string): number {
    return this.rules.material(this.P.MaterialType.Pawn).id(this.P.Pawn[name]).getItem().location.x
  }

  /** A card into a place of our choosing (a position set up by hand). */
  place(card: string, location: Json) {
    const item = this.game.items[this.P.MaterialType.PowerCard].find((c: Json) => c.id === this.P.PowerCard[card])
    if (location.type === this.P.LocationType.PowerCardOnBoard) {
      const there = this.game.items[this.P.MaterialType.PowerCard].find((c: Json) => c.location.type === location.type && c.location.x === location.x)
      if (there) there.location = { ...item.location }
    }
    item.location = location
  }

  giveEnergy(monster: string, quantity: number) {
    this.game.items[this.P.MaterialType.Energy].push({ location: { type: this.P.LocationType.PlayerEnergy, player: this.P.Monster[monster] }, quantity })
  }

  keep(monster: string, card: string) {
    this.place(card, { type: this.P.LocationType.PlayerKeepCards, player: this.P.Monster[monster] })
  }

  /** The current turn played again from its start (after a position was set up by hand). */
  restartTurn() {
    const player = this.game.memory[this.P.Memory.ActivePlayer]
    delete this.game.rule
    delete this.game.memory[this.P.Memory.Phase]
    api.playAction(this.rules, this.rules.startPlayerTurn(this.P.RuleId.OnStartTurn, player), player)
  }
}

type Case = { case: string, holds: boolean, detail: string }

export function reproduce(P: Peer): Case[] {
  const L = P.LocationType
  const cases: [string, () => [boolean, string]][] = [
    ['alienoid-power-before-resolving', () => {
      const t = new Table(P, ['Alienoid', 'CyberKitty'])
      t.roll('Power', 'Power', 'Energy', 'Energy', 'Energy')
      t.stop()
      const faces = t.moves().filter(t.custom('ChooseDiceFace')).map(m => P.DiceFace[m.data])
      const pass = t.moves().some(t.custom('Pass'))
      return [t.ruleName === 'Alienoid' && !faces.includes('Power') && !pass,
        `after the last roll their ${t.ruleName} rule asks first, offering ${faces.join(', ')}; a pass: ${pass}`]
    }],
    ['meka-dragon-multiplies-when-power-resolves', () => {
      const t = new Table(P, ['MekaDragon', 'TheKing'])
      t.roll('Claw', 'Claw', 'Power', 'Power', 'Energy')
      t.stop()
      t.resolve('Power')
      const claw = t.moves().some(t.custom('ChooseDiceFace', P.DiceFace.Claw))
      return [t.hearts('TheKing') === 11 && !claw,
        `resolving the power faces took The King from 15 to ${t.hearts('TheKing')} hearts; smash still to resolve: ${claw}`]
    }],
    ['rival-pull-into-my-zones-wins-nothing', () => {
      const t = new Table(P, ['Alienoid', 'CyberKitty'])
      t.roll('Energy', 'Energy', 'Energy', 'Energy', 'Energy')
      t.stop()
      t.resolve('Energy')
      t.pass() // Alienoid's turn ends; Cyber Kitty's begins
      const pawns = t.game.items[P.MaterialType.Pawn]
      pawns.find((p: Json) => p.id === P.Pawn.Fame).location.x = -6
      pawns.find((p: Json) => p.id === P.Pawn.Destruction).location.x = -4
      t.roll('Fame', 'Fame', 'Fame', 'Heal', 'Heal', 'Heal')
      t.stop()
      t.resolve('Fame')
      const over = new P.GameOverRule(t.game)
      return [t.pawn('Fame') === -5 && !t.rules.isOver() && over.isWinner(P.Monster.Alienoid),
        `Fame ${t.pawn('Fame')}, Destruction ${t.pawn('Destruction')}: both in Alienoid's zones, their isWinner(Alienoid) is ${over.isWinner(P.Monster.Alienoid)}, yet the game is over: ${t.rules.isOver()}`]
    }],
    ['frenzy-keeps-the-buy-phase', () => {
      const t = new Table(P, ['Alienoid', 'CyberKitty'])
      t.giveEnergy('Alienoid', 6)
      t.place('Frenzy', { type: L.PowerCardOnBoard, x: 1 })
      t.roll('Heal', 'Heal', 'Heal', 'Heal', 'Heal')
      t.stop()
      t.buy('Frenzy')
      const after = t.ruleName
      t.pass()
      const next = P.Monster[t.game.memory[P.Memory.ActivePlayer]]
      return [after === 'Buy' && next === 'Alienoid',
        `after buying Frenzy their ${after} rule goes on; the turn after the end of this one is ${next}'s`]
    }],
    ['armor-plating-on-its-owners-turn', () => {
      const t = new Table(P, ['Alienoid', 'CyberKitty'])
      t.keep('Alienoid', 'ArmorPlating')
      t.giveEnergy('Alienoid', 5)
      t.place('JetsScrambled', { type: L.PowerCardOnBoard, x: 1 })
      t.roll('Heal', 'Heal', 'Heal', 'Heal', 'Heal')
      t.stop()
      t.buy('JetsScrambled')
      t.layTile()
      return [t.hearts('Alienoid') === 10,
        `Alienoid, holding Armor Plating, buys Jets Scrambled (5 damage to each): 14 -> ${t.hearts('Alienoid')} hearts`]
    }],
    ['a-tile-on-the-board-must-move', () => {
      const t = new Table(P, ['Alienoid', 'CyberKitty'])
      const heal = t.game.items[P.MaterialType.Buzz].find((b: Json) => b.id === P.Buzz.FishHeal)
      heal.location = { type: L.DestructionTrack, x: 7, y: 0, rotation: 0 }
      t.giveEnergy('Alienoid', 3)
      t.place('TooCute', { type: L.PowerCardOnBoard, x: 1 })
      t.roll('Heal', 'Heal', 'Heal', 'Heal', 'Heal')
      t.stop()
      t.buy('TooCute')
      const leave = t.moves().some(t.custom('Pass'))
      const now = t.game.items[P.MaterialType.Buzz].find((b: Json) => b.id === P.Buzz.FishHeal).location.type
      return [t.ruleName === 'MoveBuzzToken' && now === L.BuzzStock && !leave,
        `the heal tile on Destruction 7 went back to their ${L[now]}; their ${t.ruleName} rule offers to leave it: ${leave}`]
    }],
    ['three-space-tiles-lie-one-way', () => {
      const t = new Table(P, ['Alienoid', 'CyberKitty'])
      t.giveEnergy('Alienoid', 6)
      t.place('BreakingNews', { type: L.PowerCardOnBoard, x: 1 })
      t.roll('Heal', 'Heal', 'Heal', 'Heal', 'Heal')
      t.stop()
      t.buy('BreakingNews')
      const laid = t.moves().filter(m => m.itemType === P.MaterialType.Buzz && m.location.type === L.FameTrack)
        .map(m => JSON.stringify(P.getBuzzSpaces(m.location, P.Buzz.DragonEnergySmashHeal).map((s: Json) => s.x)))
      const oneWay = laid.filter(xs => !laid.includes(JSON.stringify([...JSON.parse(xs)].reverse())))
      return [oneWay.length > 0 && !laid.includes('[-1,-2,-3]'),
        `${laid.length} places on Fame for the energy-smash-heal tile, ${oneWay.length} without the other way round (e.g. ${oneWay.slice(0, 3).join(' ')}); [-1,-2,-3] offered: ${laid.includes('[-1,-2,-3]')}`]
    }],
    ['faces-doing-nothing-are-not-resolved', () => {
      const t = new Table(P, ['Alienoid', 'CyberKitty'])
      t.roll('Heal', 'Heal', 'Fame', 'Fame', 'Energy')
      t.stop()
      t.resolve('Energy')
      return [t.ruleName === 'Buy',
        `at full hearts with 2 fame, resolving the energy leads straight to their ${t.ruleName} rule`]
    }],
    ['a-dice-token-with-no-white-die-left-throws', () => {
      const t = new Table(P, ['Alienoid', 'CyberKitty'])
      t.keep('Alienoid', 'ExtraHead')
      const tokens = t.game.items[P.MaterialType.DiceToken]
      tokens[0].quantity = 2
      tokens.push({ location: { type: L.PlayerDiceToken, player: P.Monster.Alienoid }, quantity: 2 })
      t.restartTurn()
      const spend = (m: Json) => m.itemType === P.MaterialType.DiceToken
      t.play(spend, 'spend a dice token')
      const offered = t.moves().some(spend)
      try {
        t.play(spend, 'spend a second dice token')
      } catch (e: any) {
        return [offered, `the second token is a legal move (${offered}); playing it throws: ${String(e.message).slice(0, 80)}`]
      }
      return [false, 'the second token was spent without an error']
    }],
    ['prevented-damage-changes-their-card-table', () => {
      const tooCute = P.cardData[P.PowerCard.TooCute].effects[0]
      const was = tooCute.count
      const game = (armor: boolean) => {
        const t = new Table(P, ['Alienoid', 'CyberKitty'])
        if (armor) t.keep('CyberKitty', 'ArmorPlating')
        t.giveEnergy('Alienoid', 3)
        t.place('TooCute', { type: L.PowerCardOnBoard, x: 1 })
        t.roll('Heal', 'Heal', 'Heal', 'Heal', 'Heal')
        t.stop()
        t.buy('TooCute')
        t.layTile()
        return 13 - t.hearts('CyberKitty')
      }
      const first = game(true)
      const second = game(false)
      const now = tooCute.count
      tooCute.count = was // the table as loaded again, for whatever runs next
      return [first === 1 && second === 1 && now === 1,
        `game 1 (Armor Plating): Too Cute deals ${first}; game 2, new setup, no Armor Plating: it deals ${second}; their table now says ${now} (loaded: ${was})`]
    }],
    ['armor-plating-again-in-an-extra-turn', () => {
      const t = new Table(P, ['Alienoid', 'CyberKitty'])
      t.keep('CyberKitty', 'ArmorPlating')
      t.giveEnergy('Alienoid', 6)
      t.place('Frenzy', { type: L.PowerCardOnBoard, x: 1 })
      t.roll('Claw', 'Heal', 'Heal', 'Heal', 'Heal')
      t.stop()
      t.resolve('Claw')
      t.buy('Frenzy')
      t.pass()
      t.roll('Claw', 'Heal', 'Heal', 'Heal', 'Heal', 'Heal')
      t.stop()
      t.resolve('Claw')
      // No difference: their ChangePlayer rule forgets the used keep cards at every turn
      // change, an extra turn's included, as D-DUEL-ONCE-PER-TURN reads the cards.
      return [t.hearts('CyberKitty') === 13,
        `a smash in Alienoid's turn and one in its Frenzy turn: Cyber Kitty ${t.hearts('CyberKitty')} of 13 hearts (both turned away)`]
    }]
  ]
  return cases.map(([name, run]) => {
    try {
      const [holds, detail] = run()
      return { case: name, holds, detail }
    } catch (e: any) {
      return { case: name, holds: false, detail: `failed: ${e?.message ?? e}` }
    }
  })
}
