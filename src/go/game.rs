//! A game: the board plus the side to move, komi, rules, history for superko, passes,
//! handicap and undo. This is the checked API the protocol layer uses; search works on
//! `Board` copies and never touches history.

use std::collections::HashMap;

use super::board::Board;
use super::error::{Illegal, SetupError};
use super::point::*;
use super::rules::{KoRule, Rules, Scoring};
use super::score;
use super::zobrist;

/// What `undo` needs to restore the state before a move.
#[derive(Clone)]
struct Undo {
    board: Board,
    to_move: Color,
    passes: u32,
    position_key: u64,
    situation_key: u64,
}

#[derive(Clone)]
pub struct Game {
    board: Board,
    initial: Board,
    initial_to_move: Color,
    rules: Rules,
    komi: f64,
    to_move: Color,
    /// Consecutive passes at the end of the move list.
    passes: u32,
    handicap: u32,
    moves: Vec<(Color, Move)>,
    undo: Vec<Undo>,
    /// How often each board hash (positional) and board-plus-side hash (situational) has
    /// occurred in this game, from the initial position on.
    positions: HashMap<u64, u32>,
    situations: HashMap<u64, u32>,
}

fn situation_key(board_hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => board_hash,
        Color::White => board_hash ^ zobrist::WHITE_TO_MOVE,
    }
}

impl Game {
    /// A new game on an empty board; `None` if the size is not `MIN_SIZE..=MAX_SIZE`.
    pub fn new(size: usize, rules: Rules, komi: f64) -> Option<Game> {
        let board = Board::new(size)?;
        let mut g = Game {
            initial: board.clone(),
            board,
            initial_to_move: Color::Black,
            rules,
            komi,
            to_move: Color::Black,
            passes: 0,
            handicap: 0,
            moves: Vec::new(),
            undo: Vec::new(),
            positions: HashMap::new(),
            situations: HashMap::new(),
        };
        g.reset_history();
        Some(g)
    }

    fn reset_history(&mut self) {
        self.positions.clear();
        self.situations.clear();
        self.positions.insert(self.board.hash(), 1);
        self.situations
            .insert(situation_key(self.board.hash(), self.to_move), 1);
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn geometry(&self) -> Geometry {
        self.board.geometry()
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Changes the rules for the rest of the game (history is kept).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    pub fn komi(&self) -> f64 {
        self.komi
    }

    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The number of handicap stones placed at the start.
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// Moves played since the initial position, in order.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// How far the game has gone: the moves played or the stones on the board, whichever
    /// is more (a position set up with stones has played no moves).
    pub fn progress(&self) -> usize {
        let board = self.board();
        let stones = board.stone_count(Color::Black) + board.stone_count(Color::White);
        self.moves.len().max(stones as usize)
    }

    /// The position the move list starts from (handicap or setup stones).
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }

    pub fn initial_to_move(&self) -> Color {
        self.initial_to_move
    }

    /// Consecutive passes at the end of the game so far.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Passes made by `c` in the whole game (AGA pass stones go to the other side).
    pub fn pass_count(&self, c: Color) -> u32 {
        self.moves
            .iter()
            .filter(|&&(mc, mv)| mc == c && mv == Move::Pass)
            .count() as u32
    }

    /// Two passes in a row (and, under AGA, white made the last one).
    pub fn is_over(&self) -> bool {
        self.passes >= 2
            && (!self.rules.white_passes_last
                || self.moves.last().map(|&(c, _)| c) == Some(Color::White))
    }

    /// Whether `c` may play `mv` now, with the rule set's suicide and ko rules over the whole
    /// game history.
    pub fn legality(&self, c: Color, mv: Move) -> Result<(), Illegal> {
        let p = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        if p.idx() >= MAX_POINTS || self.board.cell(p) == EDGE {
            return Err(Illegal::Occupied);
        }
        self.board.legality(p, c, self.rules.suicide)?;
        let repeated = match self.rules.ko {
            KoRule::Simple => false,
            KoRule::Positional => self.positions.contains_key(&self.board.hash_after(p, c)),
            KoRule::Situational => self
                .situations
                .contains_key(&situation_key(self.board.hash_after(p, c), c.opp())),
        };
        if repeated {
            Err(Illegal::Superko)
        } else {
            Ok(())
        }
    }

    pub fn is_legal(&self, c: Color, mv: Move) -> bool {
        self.legality(c, mv).is_ok()
    }

    /// Every point where `c` may play now (passes not included), in board order.
    pub fn legal_points(&self, c: Color) -> Vec<Point> {
        self.geometry()
            .points()
            .filter(|&p| self.is_legal(c, Move::Play(p)))
            .collect()
    }

    /// Plays `mv` for `c` (who need not be the side to move: GTP allows either colour).
    /// On error nothing changes.
    pub fn play(&mut self, c: Color, mv: Move) -> Result<(), Illegal> {
        self.legality(c, mv)?;
        let before = self.board.clone();
        let passes_before = self.passes;
        match mv {
            Move::Pass => {
                self.board.pass();
                self.passes += 1;
            }
            Move::Play(p) => {
                self.board.play(p, c);
                self.passes = 0;
            }
        }
        debug_assert!(
            self.board.check_invariants().is_ok(),
            "{:?}",
            self.board.check_invariants()
        );
        let position_key = self.board.hash();
        let situation_key = situation_key(position_key, c.opp());
        *self.positions.entry(position_key).or_insert(0) += 1;
        *self.situations.entry(situation_key).or_insert(0) += 1;
        self.undo.push(Undo {
            board: before,
            to_move: self.to_move,
            passes: passes_before,
            position_key,
            situation_key,
        });
        self.moves.push((c, mv));
        self.to_move = c.opp();
        Ok(())
    }

    /// Takes back the last move. `false` if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(u) = self.undo.pop() else {
            return false;
        };
        self.moves.pop();
        for (map, key) in [
            (&mut self.positions, u.position_key),
            (&mut self.situations, u.situation_key),
        ] {
            if let Some(n) = map.get_mut(&key) {
                *n -= 1;
                if *n == 0 {
                    map.remove(&key);
                }
            }
        }
        self.board = u.board;
        self.to_move = u.to_move;
        self.passes = u.passes;
        true
    }

    /// Whether nothing has been played or placed.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty() && self.board.empty_count() == self.size() * self.size()
    }

    /// Puts handicap stones for black on an empty board; white moves next.
    pub fn place_handicap(&mut self, points: &[Point]) -> Result<(), SetupError> {
        if !self.is_empty() {
            return Err(SetupError::BoardNotEmpty);
        }
        if points.len() < 2 || points.len() > self.size() * self.size() - 1 {
            return Err(SetupError::InvalidCount);
        }
        let stones: Vec<(Point, Color)> = points.iter().map(|&p| (p, Color::Black)).collect();
        self.setup(&stones, Color::White)?;
        self.handicap = points.len() as u32;
        Ok(())
    }

    /// A game from a board diagram (`Board::from_diagram`: rows from the top, `X` black,
    /// `O` white, `.` empty) with `to_move` to play.
    pub fn from_diagram(
        diagram: &str,
        rules: Rules,
        komi: f64,
        to_move: Color,
    ) -> Result<Game, SetupError> {
        let board = Board::from_diagram(diagram).map_err(SetupError::BadStones)?;
        let mut game = Game::new(board.size(), rules, komi)
            .ok_or_else(|| SetupError::BadStones("unacceptable size".into()))?;
        game.setup(&board.stones(), to_move)?;
        Ok(game)
    }

    /// Replaces the game with one starting from the given stones and side to move (SGF
    /// setup). Moves and history are cleared; the handicap count is reset to 0.
    pub fn setup(&mut self, stones: &[(Point, Color)], to_move: Color) -> Result<(), SetupError> {
        let mut seen = std::collections::HashSet::new();
        for &(p, _) in stones {
            if !seen.insert(p) {
                return Err(SetupError::BadStones(format!(
                    "{} given twice",
                    self.geometry().vertex(p)
                )));
            }
        }
        let board = Board::from_stones(self.size(), stones).map_err(SetupError::BadStones)?;
        self.initial = board.clone();
        self.board = board;
        self.initial_to_move = to_move;
        self.to_move = to_move;
        self.passes = 0;
        self.handicap = 0;
        self.moves.clear();
        self.undo.clear();
        self.reset_history();
        Ok(())
    }

    /// Sets who moves next (SGF `PL`, or a client that plays out of turn).
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
    }

    /// Points white receives: komi plus the rule set's compensation for handicap stones.
    pub fn white_bonus(&self) -> f64 {
        self.komi + self.rules.handicap_compensation(self.handicap)
    }

    /// Final margin (positive: black wins) with `dead` stones removed (unless the rules
    /// count every stone on the board: Tromp-Taylor), under the game's rules and komi,
    /// including the rule set's handicap compensation. `seki` lists stones of chains in
    /// seki; they only matter for territory scoring.
    pub fn score(&self, dead: &[Point], seki: &[Point]) -> f64 {
        let dead = if self.rules.removes_dead_stones() {
            dead
        } else {
            &[]
        };
        let white_bonus = self.white_bonus();
        match self.rules.scoring {
            Scoring::Area => score::count(&self.board, dead, &[]).area_margin() - white_bonus,
            Scoring::Territory => score::territory_count(&self.board, dead, seki) - white_bonus,
        }
    }

    /// Territory counting with AGA pass stones (each pass gives the opponent a prisoner).
    /// When white passed last this equals the area score, which is why AGA asks for it.
    pub fn aga_territory_score(&self, dead: &[Point]) -> f64 {
        let counts = score::count(&self.board, dead, &[]);
        counts.territory_margin()
            + self.board.captures(Color::Black) as f64
            + self.pass_count(Color::White) as f64
            - self.board.captures(Color::White) as f64
            - self.pass_count(Color::Black) as f64
            - self.white_bonus()
    }
}
