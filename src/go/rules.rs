//! Rule sets as plain values.

use std::fmt;

/// Which repetitions are forbidden.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone.
    Simple,
    /// No move may recreate any earlier board position.
    Positional,
    /// No move may recreate an earlier board position with the same player to move.
    Situational,
}

/// How the game is counted.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Scoring {
    /// Stones plus surrounded empty points.
    Area,
    /// Surrounded empty points plus prisoners; nothing inside seki.
    Territory,
}

/// Compensation white receives for handicap stones.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum HandicapBonus {
    None,
    /// One point per handicap stone.
    N,
    /// One point per handicap stone after the first.
    NMinusOne,
}

/// The rule sets hoshi knows.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RuleSet {
    Chinese,
    Japanese,
    Aga,
    NewZealand,
    TrompTaylor,
}

impl RuleSet {
    /// Every rule set.
    pub const ALL: [RuleSet; 5] = [
        RuleSet::Chinese,
        RuleSet::Japanese,
        RuleSet::Aga,
        RuleSet::NewZealand,
        RuleSet::TrompTaylor,
    ];

    /// The names the rule set is known by: the canonical one first (`Rules::name`), then
    /// the aliases GUIs and servers send (`kgs-rules`, `--rules`).
    pub const fn names(self) -> &'static [&'static str] {
        match self {
            RuleSet::Chinese => &["chinese", "cn"],
            RuleSet::Japanese => &["japanese", "jp", "korean"],
            RuleSet::Aga => &["aga", "bga"],
            RuleSet::NewZealand => &["new_zealand", "new-zealand", "newzealand", "nz"],
            RuleSet::TrompTaylor => &["tromp-taylor", "tromp_taylor", "tromptaylor", "tt"],
        }
    }
}

/// A complete rule description.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Rules {
    pub set: RuleSet,
    pub ko: KoRule,
    pub scoring: Scoring,
    /// Multi-stone suicide legal (single-stone suicide never is).
    pub suicide: bool,
    /// The game ends only when white makes the last of the two passes (AGA).
    pub white_passes_last: bool,
    /// Each pass hands the opponent a prisoner (AGA pass stones).
    pub pass_stones: bool,
    pub handicap_bonus: HandicapBonus,
}

impl Rules {
    pub const fn new(set: RuleSet) -> Rules {
        let base = Rules {
            set,
            ko: KoRule::Positional,
            scoring: Scoring::Area,
            suicide: false,
            white_passes_last: false,
            pass_stones: false,
            handicap_bonus: HandicapBonus::None,
        };
        match set {
            RuleSet::Chinese => Rules {
                handicap_bonus: HandicapBonus::N,
                ..base
            },
            RuleSet::Japanese => Rules {
                ko: KoRule::Simple,
                scoring: Scoring::Territory,
                ..base
            },
            RuleSet::Aga => Rules {
                ko: KoRule::Situational,
                white_passes_last: true,
                pass_stones: true,
                handicap_bonus: HandicapBonus::NMinusOne,
                ..base
            },
            RuleSet::NewZealand => Rules {
                ko: KoRule::Situational,
                suicide: true,
                ..base
            },
            RuleSet::TrompTaylor => Rules {
                suicide: true,
                ..base
            },
        }
    }

    /// Whether dead stones are taken off before counting. Not under Tromp-Taylor, which
    /// counts every stone on the board: there dead stones must be captured in play.
    pub const fn removes_dead_stones(&self) -> bool {
        !matches!(self.set, RuleSet::TrompTaylor)
    }

    /// Parses a rule-set name as GUIs and servers send it (`RuleSet::names`; korean is
    /// counted as japanese). Case-insensitive; `-` and `_` are interchangeable.
    pub fn parse(name: &str) -> Option<Rules> {
        let norm = |n: &str| n.to_ascii_lowercase().replace('-', "_");
        let wanted = norm(name);
        RuleSet::ALL
            .into_iter()
            .find(|set| set.names().iter().any(|&n| norm(n) == wanted))
            .map(Rules::new)
    }

    /// Extra points for white in a game with `stones` handicap stones.
    pub fn handicap_compensation(&self, stones: u32) -> f64 {
        match self.handicap_bonus {
            HandicapBonus::None => 0.0,
            HandicapBonus::N => stones as f64,
            HandicapBonus::NMinusOne => stones.saturating_sub(1) as f64,
        }
    }

    /// The canonical name.
    pub fn name(&self) -> &'static str {
        self.set.names()[0]
    }

    /// SGF `RU` value.
    pub fn sgf_name(&self) -> &'static str {
        match self.set {
            RuleSet::Chinese => "Chinese",
            RuleSet::Japanese => "Japanese",
            RuleSet::Aga => "AGA",
            RuleSet::NewZealand => "NZ",
            RuleSet::TrompTaylor => "Tromp-Taylor",
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(RuleSet::Chinese)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        for (name, set) in [
            ("chinese", RuleSet::Chinese),
            ("Japanese", RuleSet::Japanese),
            ("korean", RuleSet::Japanese),
            ("aga", RuleSet::Aga),
            ("new_zealand", RuleSet::NewZealand),
            ("new-zealand", RuleSet::NewZealand),
            ("tromp-taylor", RuleSet::TrompTaylor),
            ("tromp_taylor", RuleSet::TrompTaylor),
        ] {
            assert_eq!(Rules::parse(name).map(|r| r.set), Some(set), "{name}");
        }
        assert_eq!(Rules::parse("ing"), None);
        for set in RuleSet::ALL {
            let r = Rules::new(set);
            assert_eq!(Rules::parse(r.name()), Some(r));
        }
    }

    #[test]
    fn rule_set_properties() {
        let tt = Rules::new(RuleSet::TrompTaylor);
        assert!(tt.suicide && tt.ko == KoRule::Positional && tt.scoring == Scoring::Area);
        let nz = Rules::new(RuleSet::NewZealand);
        assert!(nz.suicide && nz.ko == KoRule::Situational);
        let jp = Rules::new(RuleSet::Japanese);
        assert!(!jp.suicide && jp.ko == KoRule::Simple && jp.scoring == Scoring::Territory);
        let aga = Rules::new(RuleSet::Aga);
        assert!(aga.white_passes_last && aga.ko == KoRule::Situational);
        assert_eq!(aga.handicap_compensation(4), 3.0);
        assert_eq!(Rules::default().handicap_compensation(4), 4.0);
        assert_eq!(jp.handicap_compensation(4), 0.0);
    }
}
