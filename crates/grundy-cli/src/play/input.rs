//! Where `play` reads the human's lines: an editor on a terminal,
//! bounded lines from a pipe.

use std::io::{BufRead, Read, Write};

/// Where the human's lines come from.
pub(super) enum Input {
    Editor(Box<rustyline::DefaultEditor>),
    Lines(std::io::StdinLock<'static>),
}

/// The longest line of piped input read: a move is a few words, and a
/// stream with no line ends (`< /dev/zero`) must not be held whole.
const MAX_LINE: u64 = 1 << 16;

/// How far past [`MAX_LINE`] a line too long is skipped to its end before
/// the input is taken for a stream without line ends, which ends the game.
const MAX_SKIPPED: u64 = 1 << 24;

impl Input {
    /// The next line, `None` at the end of input; a piped line longer
    /// than [`MAX_LINE`] bytes is skipped with a line saying so (an
    /// empty line: the prompt comes again), unless it runs past
    /// [`MAX_SKIPPED`] more, which ends the game with an error.
    pub(super) fn line(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        match self {
            Input::Editor(ed) => Ok(match ed.readline(prompt) {
                Ok(line) => {
                    let _ = ed.add_history_entry(line.as_str());
                    Some(line)
                }
                Err(_) => None,
            }),
            Input::Lines(lines) => {
                let mut bytes = Vec::new();
                // One byte more than a line may hold, to see its end.
                match Read::take(&mut *lines, MAX_LINE + 1).read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => Ok(None),
                    Ok(n) if n as u64 > MAX_LINE && !bytes.ends_with(b"\n") => {
                        let mut rest = Read::take(&mut *lines, MAX_SKIPPED + 1);
                        let Ok(skipped) = rest.skip_until(b'\n') else {
                            return Ok(None);
                        };
                        if skipped as u64 > MAX_SKIPPED {
                            anyhow::bail!(
                                "a line of input is longer than {MAX_LINE} bytes; type one move a line"
                            )
                        }
                        let _ = writeln!(
                            std::io::stdout(),
                            "{prompt}(a line over {MAX_LINE} bytes, not read)\ntype one move a line, of at most {MAX_LINE} bytes"
                        );
                        Ok(Some(String::new()))
                    }
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&bytes);
                        // A closed stdout shows at the next line the game says.
                        let shown: String = (line.trim().chars())
                            .flat_map(|c| match c.is_control() && !c.is_whitespace() {
                                true => c.escape_default().collect::<Vec<_>>(),
                                false => vec![c],
                            })
                            .collect();
                        let _ = writeln!(std::io::stdout(), "{prompt}{shown}");
                        // No move has control characters: what the
                        // messages quote is the line as shown.
                        Ok(Some(shown))
                    }
                }
            }
        }
    }
}
