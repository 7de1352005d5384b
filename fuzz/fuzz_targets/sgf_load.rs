//! loadsgf on arbitrary text: errors are fine, panics are not; whatever loads must write
//! back to SGF that loads to the same position.
#![no_main]

use hoshi::go::Rules;
use hoshi::sgf::{Defaults, load, write};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let defaults = Defaults {
        rules: Rules::default(),
        komi: 7.5,
    };
    let before = (data.len() % 5 > 0).then_some(data.len() % 9);
    if let Ok(game) = load(text, defaults, before) {
        game.board().check_invariants().expect("board consistent");
        let again = write(&game, None);
        let back = load(&again, defaults, None).expect("written SGF loads");
        assert!(
            back.board() == game.board(),
            "round trip changed the position:\n{again}"
        );
        assert_eq!(back.moves(), game.moves());
    }
});
