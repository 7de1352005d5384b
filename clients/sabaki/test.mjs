// Drives hoshi through @sabaki/gtp exactly as Sabaki does: start-up sequence, history sync
// with undo/play, streamed analysis parsed like Sabaki parses it, then a full 9x9 game.
// HOSHI must name the hoshi binary.
import {test} from 'node:test'
import assert from 'node:assert/strict'
import gtp from '@sabaki/gtp'

const {Controller, ControllerStateTracker} = gtp
const HOSHI = process.env.HOSHI
assert.ok(HOSHI, 'set HOSHI to the hoshi binary')

function start(args = []) {
  const controller = new Controller(HOSHI, ['--threads', '1', '--seed', '3', ...args])
  controller.start()
  return controller
}

async function ok(controller, name, args = []) {
  const response = await controller.sendCommand({name, args})
  assert.equal(response.error, false, `${name} ${args.join(' ')} failed: ${response.content}`)
  return response.content
}

// Sabaki's parsing of an analysis line: "info move ... pv ..." repeated, optional ownership.
function parseAnalysis(line) {
  const [main, ownership] = line.split(/\s*ownership\s+/)
  const entries = main
    .split(/\s*info\s+/)
    .slice(1)
    .map(chunk => {
      const [kv, pv] = chunk.split(/\s+pv\s+/)
      const words = kv.trim().split(/\s+/)
      const entry = {}
      for (let i = 0; i + 1 < words.length; i += 2) entry[words[i]] = words[i + 1]
      entry.pv = (pv || '').trim().split(/\s+/)
      return entry
    })
  return {entries, ownership: ownership ? ownership.trim().split(/\s+/).map(Number) : null}
}

async function analyze(controller, name, args, ms) {
  const lines = []
  const done = controller.sendCommand({name, args}, ({line}) => {
    if (line.startsWith('info')) lines.push(line)
  })
  await new Promise(resolve => setTimeout(resolve, ms))
  const stopper = controller.sendCommand({name: 'name'}) // any command stops streaming
  const response = await done
  assert.equal(response.error, false)
  assert.equal((await stopper).content, 'hoshi')
  return lines
}

test('start-up sequence and command list', async () => {
  const c = start()
  assert.equal(await ok(c, 'name'), 'hoshi')
  assert.match(await ok(c, 'version'), /^\d+\.\d+\.\d+/)
  assert.equal(await ok(c, 'protocol_version'), '2')
  const commands = (await ok(c, 'list_commands')).split('\n')
  for (const name of ['lz-analyze', 'kata-analyze', 'lz-genmove_analyze', 'undo', 'set_free_handicap']) {
    assert.ok(commands.includes(name), `${name} listed`)
  }
  await c.stop()
})

test('history sync with undo and play', async () => {
  const c = start()
  const tracker = new ControllerStateTracker(c)
  const move = (color, vertex) => ({name: 'play', args: [color, vertex]})
  await tracker.sync({komi: 6.5, boardsize: [9, 9], history: [move('B', 'D4'), move('W', 'E5'), move('B', 'C3')]})
  assert.equal(await ok(c, 'list_stones', ['black']), 'C3 D4')
  // A different last move: Sabaki undoes one move and plays the new one.
  await tracker.sync({komi: 6.5, boardsize: [9, 9], history: [move('B', 'D4'), move('W', 'E5'), move('B', 'G7')]})
  assert.equal(await ok(c, 'list_stones', ['black']), 'D4 G7')
  assert.equal(await ok(c, 'get_komi'), '6.5')
  await c.stop()
})

test('lz-analyze streams info lines Sabaki can parse', async () => {
  const c = start()
  await ok(c, 'boardsize', ['9'])
  await ok(c, 'clear_board')
  const lines = await analyze(c, 'lz-analyze', ['B', '10'], 1000)
  assert.ok(lines.length >= 3, `only ${lines.length} info lines`)
  const {entries} = parseAnalysis(lines[lines.length - 1])
  assert.ok(entries.length > 0)
  entries.forEach((e, i) => {
    assert.match(e.move, /^([A-HJ-T]\d+|pass)$/)
    assert.ok(Number.isInteger(Number(e.visits)) && Number(e.visits) >= 0)
    for (const key of ['winrate', 'prior', 'lcb']) {
      const v = Number(e[key])
      assert.ok(Number.isInteger(v) && v >= 0 && v <= 10000, `${key} ${e[key]}`)
    }
    assert.equal(Number(e.order), i)
    assert.equal(e.pv[0], e.move)
  })
  await c.stop()
})

test('kata-analyze with ownership', async () => {
  const c = start()
  await ok(c, 'boardsize', ['9'])
  await ok(c, 'play', ['B', 'E5'])
  const lines = await analyze(c, 'kata-analyze', ['W', '20', 'ownership', 'true'], 800)
  const {entries, ownership} = parseAnalysis(lines[lines.length - 1])
  assert.equal(ownership.length, 81)
  assert.ok(ownership.every(v => v >= -1 && v <= 1))
  const wr = Number(entries[0].winrate)
  assert.ok(wr >= 0 && wr <= 1)
  assert.ok(Number.isFinite(Number(entries[0].scoreLead)))
  await c.stop()
})

test('a full 9x9 game to two passes, then final_score', async () => {
  const c = start(['--playouts', '150', '--no-resign'])
  await ok(c, 'boardsize', ['9'])
  await ok(c, 'clear_board')
  await ok(c, 'komi', ['7.5'])
  let passes = 0
  let moves = 0
  let color = 'B'
  while (passes < 2) {
    assert.ok(moves < 400, 'game too long')
    // Sabaki prefers lz-genmove_analyze when listed: read the final "play" line.
    const response = await c.sendCommand({name: 'lz-genmove_analyze', args: [color, '50']})
    assert.equal(response.error, false)
    const play = response.content.split('\n').find(l => l.startsWith('play '))
    assert.ok(play, response.content)
    const vertex = play.slice(5).trim()
    assert.match(vertex, /^([A-HJ]\d|pass)$/i)
    passes = vertex.toLowerCase() === 'pass' ? passes + 1 : 0
    moves++
    color = color === 'B' ? 'W' : 'B'
  }
  const score = await ok(c, 'final_score')
  assert.match(score, /^([BW]\+\d+(\.\d+)?|0)$/)
  const sgf = await ok(c, 'printsgf')
  assert.ok(sgf.includes(`RE[${score}]`), sgf)
  await c.stop()
})
