//! Writing results and errors the same way in every command.

use std::io::{BufWriter, ErrorKind, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy::error::{one_line, shorten_quote};

/// Prints `text` to stdout. A closed pipe (`grundy seq ... | head`) is not
/// an error worth a message; other failures say that the output is at
/// fault (`> /dev/full`), not the input.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => {
            Err(anyhow::Error::new(e).context("cannot write the standard output"))
        }
        _ => Ok(()),
    }
}

/// A format of a picture command's `--format`, which the extension of
/// its output file picks when `--format` is not given.
pub trait PictureFormat: clap::ValueEnum + Clone + Send + Sync + 'static {
    /// The help of `--format`, which says the default.
    const HELP: &'static str;

    /// The command, named in the error of an extension it cannot write.
    const COMMAND: &'static str;

    /// The extensions of the output file, each with the format it picks.
    const EXTENSIONS: &'static [(&'static str, Self)];

    /// The format of an output file without an extension, if any.
    const PLAIN: Option<Self>;

    /// The format named by the output file's extension (`None`: a file
    /// without one), or why the extension names none.
    fn from_extension(extension: Option<&str>) -> anyhow::Result<Self> {
        let format = match extension {
            Some(e) => (Self::EXTENSIONS.iter())
                .find(|(x, _)| x.eq_ignore_ascii_case(e))
                .map(|(_, f)| f.clone()),
            None => Self::PLAIN,
        };
        format
            .ok_or_else(|| anyhow::anyhow!("`grundy {}` writes {}", Self::COMMAND, Self::written()))
    }

    /// The formats and their extensions in words: `svg (-o FILE.svg) or
    /// text (-o FILE.txt); for another file name, use --format svg or
    /// text`.
    fn written() -> String {
        let mut each: Vec<(String, String)> = Vec::new();
        for f in Self::value_variants() {
            let name = f.to_possible_value().map(|v| v.get_name().to_string());
            let files: Vec<String> = (Self::EXTENSIONS.iter())
                .filter(|(_, g)| g.to_possible_value() == f.to_possible_value())
                .map(|(x, _)| format!("FILE.{x}"))
                .collect();
            each.push((name.unwrap_or_default(), files.join(", ")));
        }
        let with_files: Vec<String> = (each.iter())
            .map(|(name, files)| format!("{name} (-o {files})"))
            .collect();
        let names: Vec<String> = each.into_iter().map(|(name, _)| name).collect();
        format!(
            "{}; for another file name, use --format {}",
            grundy::error::listed(&with_files, "or"),
            grundy::error::listed(&names, "or")
        )
    }
}

/// What a picture command reads and writes: a position, and its output
/// file and format.
#[derive(clap::Args, Debug)]
pub struct Picture<F: PictureFormat> {
    /// The game and position pictured.
    #[command(flatten)]
    pub position: crate::position::PositionArgs,
    /// Where the picture goes.
    #[command(flatten)]
    pub out: OutFile<F>,
}

/// The picture commands' output: `--format`, and the file (`-o FILE`)
/// whose extension picks the format unless `--format` says otherwise.
#[derive(clap::Args, Debug)]
pub struct OutFile<F: PictureFormat> {
    #[arg(long, help = F::HELP, value_parser = clap::builder::EnumValueParser::<F>::new())]
    format: Option<F>,
    /// Write to FILE instead of stdout (its extension picks the format).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

impl<F: PictureFormat> OutFile<F> {
    /// The format asked for: `--format`, else the one the output file's
    /// extension names; `None` when neither says (no file).
    pub fn format(&self) -> anyhow::Result<Option<F>> {
        match (&self.format, &self.output) {
            (Some(f), _) => Ok(Some(f.clone())),
            (None, Some(path)) => {
                F::from_extension(path.extension().and_then(|e| e.to_str())).map(Some)
            }
            (None, None) => Ok(None),
        }
    }

    /// Writes `bytes` to the file, or prints them when there is none.
    pub fn write(&self, bytes: &[u8]) -> anyhow::Result<()> {
        use anyhow::Context;
        match &self.output {
            Some(path) => std::fs::write(path, bytes)
                .with_context(|| format!("cannot write {}", path.display())),
            None => print(&String::from_utf8_lossy(bytes)),
        }
    }
}

/// Prints `value` as pretty JSON followed by a newline.
pub fn print_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    // Streamed, not built as one string first: a long sequence's JSON is
    // as large as its values, and a copy of it is held nowhere else.
    let mut out = BufWriter::new(std::io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut out, value)
        .map_err(std::io::Error::from)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => {
            Err(anyhow::Error::new(e).context("cannot write the standard output"))
        }
        _ => Ok(()),
    }
}

/// One line `error: ...` and exit code 2. The message is the whole chain
/// of contexts (`plotting a.png: cannot write a.png: ...`), passed through
/// [`one_line`] whatever produced it, as a last guarantee of one short line.
pub fn failure(e: &anyhow::Error) -> ExitCode {
    sayln!("error: {}", one_line(&format!("{e:#}")));
    ExitCode::from(2)
}

/// Makes a panic, which is always a bug, end like any other failure: one
/// line `error: internal error ...` (the first panic only: a panic that
/// unwinds through a thread join may cause another), and exit code 2 from
/// [`catch_panic`], instead of Rust's report and exit code 101.
pub fn report_panics() {
    static REPORTED: AtomicBool = AtomicBool::new(false);
    std::panic::set_hook(Box::new(|info| {
        if REPORTED.swap(true, Ordering::Relaxed) {
            return;
        }
        let payload = info.payload();
        let what = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("a panic");
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        sayln!(
            "error: internal error: {}{place}; this is a bug in grundy, please report it",
            one_line(what)
        );
    }));
}

/// Runs `main`, turning a panic (already reported by [`report_panics`])
/// into exit code 2.
pub fn catch_panic(main: impl FnOnce() -> ExitCode + std::panic::UnwindSafe) -> ExitCode {
    std::panic::catch_unwind(main).unwrap_or(ExitCode::from(2))
}

/// Help and version go to stdout with exit 0; usage errors become one line
/// with exit code 2. `grundy` alone is a usage error too, but one line
/// would not say what to type: it prints the help (usage and commands) on
/// stderr, with exit code 2.
pub fn clap_failure(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind as K;
    let negative = (e.kind() == K::UnknownArgument)
        .then(|| negative_value(&e))
        .flatten();
    let said = |msg: String| failure(&anyhow::Error::msg(msg));
    match e.kind() {
        K::DisplayHelp | K::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        K::DisplayHelpOnMissingArgumentOrSubcommand => {
            say!("{}", e.render());
            ExitCode::from(2)
        }
        // With `--sum` the first part stands where the game would: clap
        // would ask for `<GAME>`, which the user was told not to give.
        K::MissingRequiredArgument if std::env::args_os().any(|a| a == "--sum") => {
            sayln!(
                "error: --sum needs its parts, each a game and a position, e.g. `grundy value --sum 'kayles 3' 'nim 4'`"
            );
            ExitCode::from(2)
        }
        K::UnknownArgument if negative.is_some() => match negative.unwrap_or_default() {
            (value, Some(option)) => said(format!(
                "invalid value `{value}` for `--{option}`: a value that starts with `-` is read as an option (write `--{option}={value}` if it is meant)"
            )),
            (value, None) => said(format!(
                "`{value}` is not an option: heaps, piles and numbers are never negative (a position of a rules: script that starts with `-` goes after `--`, as in `-- {value}`)"
            )),
        },
        K::InvalidSubcommand if game_instead_of_command(&e).is_some() => {
            let game = game_instead_of_command(&e).unwrap_or_default();
            said(format!(
                "`{game}` is a game, not a command; ask for its value with `grundy value {game} ...` (see `grundy --help`)"
            ))
        }
        _ => {
            // clap spreads the message over lines (the missing argument or
            // the allowed values come on the next ones): keep them all,
            // up to the usage block, on one line.
            let rendered = number_in_words(&e).unwrap_or_else(|| shorten_values(&e));
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
            sayln!("error: {} (see `grundy --help`)", one_line(message));
            ExitCode::from(2)
        }
    }
}

/// A number option that did not read, said in the user's words rather
/// than Rust's (`invalid digit found in string`): the one place every
/// whole-number option's refusal is worded (`seconds` words the others).
fn number_in_words(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    use std::num::{IntErrorKind, ParseIntError};
    let source = std::error::Error::source(e)?;
    // Seconds are read by `seconds`, which words its own refusals.
    let words = match source.downcast_ref::<ParseIntError>()?.kind() {
        IntErrorKind::Empty => "expected a whole number, got nothing",
        IntErrorKind::PosOverflow => "the number is too large",
        IntErrorKind::NegOverflow => "the number is too small",
        _ => "expected a whole number (0, 1, 2, ...)",
    };
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let value = shorten_quote(&text(ContextKind::InvalidValue)?);
    let arg = text(ContextKind::InvalidArg)?;
    Some(format!(
        "error: invalid value '{value}' for '{arg}': {words}"
    ))
}

/// An unknown argument that is a negative number or pair (`-1`, `-1,2`),
/// which clap takes for an option, as the user wrote it (clap names only
/// `-1` of `-1,2`, read as short options), and the option it follows when
/// that option takes a value (`--memory -5M`): then it was meant as the
/// option's value, not as a position.
fn negative_value(e: &clap::Error) -> Option<(String, Option<String>)> {
    use clap::error::{ContextKind, ContextValue};
    let ContextValue::String(arg) = e.get(ContextKind::InvalidArg)? else {
        return None;
    };
    let negative = |a: &str| {
        a.strip_prefix('-')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    };
    negative(arg).then_some(())?;
    // `args` would panic on an argument that is not UTF-8.
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let Some(at) = (args.iter()).position(|a| a.starts_with(arg.as_str()) && negative(a)) else {
        return Some((arg.clone(), None));
    };
    let option = at
        .checked_sub(1)
        .and_then(|i| args[i].strip_prefix("--"))
        .filter(|long| takes_value(&args, long))
        .map(str::to_string);
    Some((args[at].clone(), option))
}

/// Whether `--long` takes a value, as an option of the command the
/// arguments `args` name or of every command.
fn takes_value(args: &[String], long: &str) -> bool {
    use clap::CommandFactory;
    let cli = crate::Cli::command();
    let takes = |a: &clap::Arg| a.get_long() == Some(long) && a.get_action().takes_values();
    let used = (cli.get_subcommands()).find(|sub| args.iter().any(|a| a == sub.get_name()));
    cli.get_arguments().any(takes) || used.is_some_and(|sub| sub.get_arguments().any(takes))
}

/// The game a user named where a command belongs (`grundy nim 3 4 5`).
fn game_instead_of_command(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    match e.get(ContextKind::InvalidSubcommand)? {
        ContextValue::String(word) => grundy::registry::find(word).map(|_| word.clone()),
        _ => None,
    }
}

/// The rendered clap error with the values it quotes (a bad number, an
/// unknown argument) cut to a short excerpt: clap quotes them whole, and
/// cutting the line instead would lose the name of the argument after them.
fn shorten_values(e: &clap::Error) -> String {
    use clap::error::ContextValue as V;
    let mut rendered = e.render().to_string();
    for (_, value) in e.context() {
        let quoted: Vec<&String> = match value {
            V::String(s) => vec![s],
            V::Strings(v) => v.iter().collect(),
            _ => continue,
        };
        for s in quoted {
            let short = shorten_quote(s);
            if short.len() < s.len() {
                rendered = rendered.replace(s.as_str(), &short);
            }
        }
    }
    rendered
}

/// The progress bar of a long command on stderr (drawn only on a
/// terminal): elapsed time, the bar, `counts` (an indicatif template such
/// as `heap {pos}/{len}`), then the message.
pub fn progress_bar(len: u64, counts: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(len),
        indicatif::ProgressDrawTarget::stderr_with_hz(4),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{elapsed_precise}} [{{bar:30}}] {counts} {{msg}}"
        ))
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar
}

/// When `--progress` prints a line: only on a stderr that is not a
/// terminal (a terminal draws the progress in place), and at most one a
/// second. Every long command (`value`'s board searches, `seq`,
/// `quotient`) decides it here.
pub struct ProgressLines {
    /// `--progress` was given and stderr is not a terminal.
    on: bool,
    /// When the last line was printed.
    last: Option<Instant>,
}

impl ProgressLines {
    /// The lines of a command run with `--progress` or not (`forced`).
    pub fn new(forced: bool) -> ProgressLines {
        ProgressLines {
            on: forced && !std::io::stderr().is_terminal(),
            last: None,
        }
    }

    /// Whether lines are printed at all (else the progress, if any, is
    /// drawn in place on a terminal).
    pub fn on(&self) -> bool {
        self.on
    }

    /// Prints `progress: TEXT` when a line is due (the first at once).
    pub fn print(&mut self, text: impl FnOnce() -> String) {
        if self.on && self.last.is_none_or(|t| t.elapsed() >= LINE_EVERY) {
            sayln!("progress: {}", text());
            self.last = Some(Instant::now());
        }
    }
}

/// The time between two lines of [`ProgressLines`].
const LINE_EVERY: Duration = Duration::from_secs(1);

/// A long heap run's progress on stderr (`seq`, `quotient`): the bar,
/// drawn only on a terminal, and with `--progress` on any other stderr
/// a line a second ([`ProgressLines`]), so that a run in the background
/// (`nohup`, a batch job's log) shows how far it got.
pub struct Progress {
    bar: indicatif::ProgressBar,
    /// The words before the counts (`n =`, `heap`).
    label: &'static str,
    lines: ProgressLines,
}

impl Progress {
    /// Progress towards `len`, counted as `label pos/len`; `lines` is
    /// `--progress`.
    pub fn new(len: u64, label: &'static str, lines: bool) -> Progress {
        Progress {
            bar: progress_bar(len, &format!("{label} {{pos}}/{{len}}")),
            label,
            lines: ProgressLines::new(lines),
        }
    }

    /// Moves to `pos`, with `msg` after the counts.
    pub fn show(&mut self, pos: u64, msg: String) {
        let len = self.bar.length().unwrap_or(0);
        let label = self.label;
        self.lines.print(|| format!("{label} {pos}/{len}, {msg}"));
        self.bar.set_position(pos);
        self.bar.set_message(msg);
    }

    /// Clears the bar (lines stay).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The bytes of the file at `path`, or `None` when there is none, read
/// as [`grundy_files::read_file_within`] reads them (regular files of at
/// most `max` bytes; `limit` names the bound and how to raise it):
/// checkpoints, hosts files and a table's rows.
pub fn read_within(
    path: &std::path::Path,
    max: u64,
    limit: &str,
) -> anyhow::Result<Option<Vec<u8>>> {
    grundy_files::read_file_within(path, max, limit).map_err(anyhow::Error::msg)
}
