//! The input side of GTP: a reader thread that preprocesses lines and queues commands, so a
//! running command can see that new input arrived (streaming analysis stops) or that the
//! controller sent `# interrupt` (GoGui's interrupt: genmove answers early).
//!
//! Preprocessing follows GTP v2 section 3.1: control characters other than HT and LF are
//! dropped, HT becomes a space, everything after `#` is a comment, blank lines are ignored.
//! Input is untrusted bytes: invalid UTF-8 is replaced, lines beyond `MAX_LINE` bytes are
//! reported as too long and skipped.

use std::io::{BufRead, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;

/// Longest command line accepted (bytes, newline excluded).
pub const MAX_LINE: usize = 1 << 20;

/// One unit of input for the command loop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A preprocessed, non-empty command line.
    Command(String),
    /// A line longer than `MAX_LINE`, skipped.
    TooLong,
}

/// Preprocesses one raw line. `None` if nothing remains (blank or comment only).
pub fn preprocess(raw: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(raw);
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '#' => break,
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    let trimmed = out.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// Whether a raw line is GoGui's interrupt signal.
fn is_interrupt(raw: &[u8]) -> bool {
    String::from_utf8_lossy(raw).trim() == "# interrupt"
}

/// Flags shared with the reader thread.
#[derive(Clone, Default)]
pub struct Signals {
    queued: Arc<AtomicUsize>,
    interrupt: Arc<AtomicBool>,
}

impl Signals {
    /// New input is waiting (a command, or end of input).
    pub fn input_pending(&self) -> bool {
        self.queued.load(Ordering::Acquire) > 0
    }

    /// The controller asked to interrupt the running command.
    pub fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Acquire)
    }

    pub fn clear_interrupt(&self) {
        self.interrupt.store(false, Ordering::Release);
    }

    /// Stop condition for a genmove: interrupt only (queued commands wait their turn).
    pub fn should_interrupt(&self) -> bool {
        self.interrupted()
    }

    /// Stop condition for streaming analysis: any new input, or an interrupt.
    pub fn should_stop_streaming(&self) -> bool {
        self.interrupted() || self.input_pending()
    }
}

/// Queued input for the command loop.
pub struct Input {
    rx: Receiver<Option<Line>>,
    signals: Signals,
    eof: bool,
    reader: Option<thread::JoinHandle<()>>,
}

impl Input {
    /// Starts a reader thread on `source`.
    pub fn spawn<R: Read + Send + 'static>(source: R) -> Input {
        let (tx, rx) = channel();
        let signals = Signals::default();
        let s = signals.clone();
        let reader = thread::Builder::new()
            .name("gtp-reader".into())
            .spawn(move || read_loop(std::io::BufReader::new(source), tx, s))
            .map_err(|e| log::error!("cannot start the input thread: {e}"))
            .ok();
        Input {
            rx,
            signals,
            eof: false,
            reader,
        }
    }

    /// Waits for the reader thread to finish. Only for finite sources (a file, a buffer):
    /// on an open stdin it would wait for the controller to close it.
    pub fn join_reader(mut self) {
        if let Some(handle) = self.reader.take() {
            let _ = handle.join();
        }
    }

    pub fn signals(&self) -> Signals {
        self.signals.clone()
    }

    /// The next line, blocking; `None` at end of input.
    pub fn next_line(&mut self) -> Option<Line> {
        if self.eof {
            return None;
        }
        let item = self.rx.recv().ok().flatten();
        self.signals.queued.fetch_sub(1, Ordering::AcqRel);
        if item.is_none() {
            self.eof = true;
            // Keep "pending" raised so nothing waits for input that will never come.
            self.signals.queued.fetch_add(1, Ordering::AcqRel);
        }
        item
    }
}

fn send(tx: &Sender<Option<Line>>, signals: &Signals, item: Option<Line>) -> bool {
    signals.queued.fetch_add(1, Ordering::AcqRel);
    tx.send(item).is_ok()
}

fn read_loop<R: BufRead>(mut reader: R, tx: Sender<Option<Line>>, signals: Signals) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = match (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(n) => n,
            Err(e) => {
                log::warn!("reading stdin: {e}");
                0
            }
        };
        if n == 0 {
            send(&tx, &signals, None);
            return;
        }
        if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
            // Skip the rest of the over-long line.
            loop {
                buf.clear();
                match (&mut reader).take(1 << 16).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) if buf.last() == Some(&b'\n') => break,
                    Ok(_) => {}
                }
            }
            if !send(&tx, &signals, Some(Line::TooLong)) {
                return;
            }
            continue;
        }
        if is_interrupt(&buf) {
            signals.interrupt.store(true, Ordering::Release);
            continue;
        }
        if let Some(text) = preprocess(&buf)
            && !send(&tx, &signals, Some(Line::Command(text)))
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_follows_the_spec() {
        assert_eq!(
            preprocess(b"  play\tb d4 # comment\r\n"),
            Some("play b d4".into())
        );
        assert_eq!(preprocess(b"# only a comment\n"), None);
        assert_eq!(preprocess(b"   \r\n"), None);
        assert_eq!(preprocess(b"na\x00me\x07\n"), Some("name".into()));
        assert_eq!(
            preprocess(b"name \xff\xfe\n"),
            Some("name \u{fffd}\u{fffd}".into())
        );
    }

    #[test]
    fn reader_queues_commands_and_flags_interrupts() {
        let data = b"name\n\n# interrupt\nversion\n".to_vec();
        let mut input = Input::spawn(std::io::Cursor::new(data));
        assert_eq!(input.next_line(), Some(Line::Command("name".into())));
        assert_eq!(input.next_line(), Some(Line::Command("version".into())));
        assert!(input.signals().interrupted());
        assert_eq!(input.next_line(), None);
        assert_eq!(input.next_line(), None);
        assert!(input.signals().input_pending());
    }

    #[test]
    fn over_long_lines_are_skipped_whole() {
        let mut data = vec![b'x'; MAX_LINE + 10];
        data.extend_from_slice(b"\nname\n");
        let mut input = Input::spawn(std::io::Cursor::new(data));
        assert_eq!(input.next_line(), Some(Line::TooLong));
        assert_eq!(input.next_line(), Some(Line::Command("name".into())));
    }
}
