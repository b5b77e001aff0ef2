//! Writing results and errors the same way in every command.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

/// Prints `text` to stdout. A closed pipe (`grundy seq ... | head`) is not
/// an error worth a message.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// Prints `value` as pretty JSON followed by a newline.
pub fn print_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    let mut text = serde_json::to_string_pretty(value)?;
    text.push('\n');
    print(&text)
}

/// One line `error: ...` and exit code 2.
pub fn failure(e: &anyhow::Error) -> ExitCode {
    let msg = format!("{e:#}").replace('\n', " ");
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

/// Help and version go to stdout with exit 0; usage errors become one line
/// with exit code 2.
pub fn clap_failure(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind as K;
    match e.kind() {
        K::DisplayHelp | K::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            // clap spreads the message over lines (the missing argument or
            // the allowed values come on the next ones): keep them all,
            // up to the usage block, on one line.
            let rendered = e.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            let message = message.join(" ");
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            let message = if message.is_empty() {
                "bad arguments"
            } else {
                message
            };
            eprintln!("error: {message} (see `grundy --help`)");
            ExitCode::from(2)
        }
    }
}
