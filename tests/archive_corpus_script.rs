//! `scripts/archive_corpus.py` gathers the corpus behind `src/search/gammas.txt` from the
//! match archive: every game of the checked-in list is there and copied, each a 9×9 game at
//! komi 7.5 under a name that keeps its record; the list written anew from the record
//! folders holds every listed game, and none of an excluded record; a list naming a missing
//! game is an error.

use std::path::Path;
use std::process::Output;

mod common;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const FOLDERS: [&str; 4] = [
    "*pachi-2s*",
    "*pachi-equal-time*",
    "2026-12-05-9x9-read3-2s",
    "2026-12-05-9x9-two-lib-2s",
];

fn gather(list: &Path, out: &Path, folders: &[&str]) -> Output {
    gather_but(list, out, folders, &[])
}

/// As `gather`, the records matching a glob of `exclude` left out of `folders`.
fn gather_but(list: &Path, out: &Path, folders: &[&str], exclude: &[&str]) -> Output {
    let (list, out) = (list.to_str().unwrap(), out.to_str().unwrap());
    let mut args = vec!["scripts/archive_corpus.py", "--list", list, "--out", out];
    if !folders.is_empty() {
        args.push("--folders");
        args.extend(folders);
    }
    if !exclude.is_empty() {
        args.push("--exclude");
        args.extend(exclude);
    }
    common::python_script(&args)
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_checked_in_list_gathers_every_game_and_the_folders_list_them_all() {
    let dir = common::scratch_dir("archive");
    let list = Path::new(ROOT).join("corpus/archive-9x9.txt");
    let listed = lines(&list);
    assert!(listed.len() > 2000, "{} games listed", listed.len());
    let out = dir.join("games");
    let run = gather(&list, &out, &[]);
    common::succeeded(&run);
    let copied: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(copied.len(), listed.len());
    for p in &copied {
        let text = std::fs::read_to_string(p).unwrap();
        assert!(
            text.contains("SZ[9]") && text.contains("KM[7.5]"),
            "{}",
            p.display()
        );
    }
    // A game keeps its record's folder in its name.
    let first = &listed[0];
    let name = first.strip_prefix("matches/").unwrap().replace('/', "_");
    assert!(out.join(&name).exists(), "{name}");
    // The list written anew from the folders holds every listed game (later records in the
    // same folders may add more: a list once written fixes the corpus).
    let fresh = dir.join("fresh.txt");
    let run = gather(&fresh, &dir.join("fresh"), &FOLDERS);
    common::succeeded(&run);
    let anew = lines(&fresh);
    for game in &listed {
        assert!(anew.contains(game), "{game} not found anew");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn excluded_records_stay_out_of_the_list() {
    let dir = common::scratch_dir("archive-exclude");
    let (list, out) = (dir.join("list.txt"), dir.join("games"));
    let folders = ["2026-12-05-9x9-read3-2s", "2026-12-05-9x9-two-lib-2s"];
    let run = gather_but(&list, &out, &folders, &["*two-lib*"]);
    common::succeeded(&run);
    let listed = lines(&list);
    let kept = Path::new(ROOT).join("matches/2026-12-05-9x9-read3-2s");
    let sgfs = walk_sgfs(&kept);
    assert_eq!(
        listed.len(),
        sgfs,
        "every game of the record kept, none of the other"
    );
    for game in &listed {
        assert!(
            game.starts_with("matches/2026-12-05-9x9-read3-2s/"),
            "{game}"
        );
    }
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), sgfs);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The number of .sgf files under `dir`, at any depth.
fn walk_sgfs(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            if p.is_dir() {
                walk_sgfs(&p)
            } else {
                usize::from(p.extension().is_some_and(|x| x == "sgf"))
            }
        })
        .sum()
}

#[test]
fn a_list_naming_a_missing_game_is_an_error() {
    let dir = common::scratch_dir("archive-missing");
    let list = dir.join("list.txt");
    std::fs::write(&list, "matches/no-such-record/sgf/game001.sgf\n").unwrap();
    let run = gather(&list, &dir.join("games"), &[]);
    assert!(!run.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}
