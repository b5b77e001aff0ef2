//! `--plot FILE.png|svg`: the Grundy values against n, rare values marked.
//!
//! Millions of points are folded to one mark per (pixel column, value), so a
//! plot of 2^22 heaps draws as fast as one of a thousand. Labels need a font
//! to measure and draw text: a system font (DejaVu Sans) when there is one;
//! without one the plot is drawn without labels.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use anyhow::{anyhow, bail, Context};
use grundy::heap::SeqReport;
use image::codecs::png::PngEncoder;
use image::{ColorType, ImageEncoder};
use plotters::coord::Shift;
use plotters::prelude::*;

const WIDTH: u32 = 1200;
const HEIGHT: u32 = 600;

/// System fonts tried for PNG labels, in order.
const FONT_PATHS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
];

/// Registers a system font once per process: the server plots on every
/// request, and each registration keeps its font for ever.
pub fn register_font() -> bool {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    *REGISTERED.get_or_init(|| {
        for path in FONT_PATHS {
            if let Ok(bytes) = std::fs::read(path) {
                // plotters keeps the font for the life of the program.
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return true;
                }
            }
        }
        false
    })
}

/// The plot of `report` as an SVG document, for the web page.
pub fn svg(report: &SeqReport) -> anyhow::Result<String> {
    let labels = register_font();
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (WIDTH, HEIGHT)).into_drawing_area();
        draw(&root, report, labels)?;
        root.present()
            .map_err(|e| anyhow!("cannot draw the plot: {e}"))?;
    }
    Ok(text)
}

/// Writes the plot of `report` to `path` (PNG or SVG by extension).
///
/// The picture is drawn in memory and written here, so that a file that
/// cannot be written is reported as the file and the system's reason, not
/// in the words of plotters' backends (which print their debug form).
pub fn write(path: &Path, report: &SeqReport) -> anyhow::Result<()> {
    let bytes = match svg_or_png(path)? {
        "svg" => svg(report)?.into_bytes(),
        _ => png(report)?,
    };
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// Whether `path` names an SVG or a PNG file.
fn svg_or_png(path: &Path) -> anyhow::Result<&'static str> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => Ok("svg"),
        Some("png") => Ok("png"),
        _ => bail!(
            "--plot needs a file ending in .png or .svg, got {}",
            path.display()
        ),
    }
}

/// Refuses, before any work, a plot that could not be written: another
/// kind of file, a folder, a folder that cannot be written, or one of the
/// run's other files (`others`, each with its option), which the plot
/// would replace. Found at the end, the failure cost the whole run.
pub fn check(path: &Path, others: &[(&str, Option<&Path>)]) -> anyhow::Result<()> {
    svg_or_png(path)?;
    for (option, other) in others {
        let Some(other) = other else { continue };
        if crate::checkpoint::same_file(path, other) {
            bail!(
                "--plot and {option} name the same file, {}: each needs its own",
                path.display()
            );
        }
    }
    if path.is_dir() {
        bail!("--plot {}: a folder; --plot names a file", path.display());
    }
    crate::checkpoint::can_write_beside(path, ".tmp-plot")
        .with_context(|| format!("cannot write {}", path.display()))
}

/// The plot of `report` as the bytes of a PNG file.
fn png(report: &SeqReport) -> anyhow::Result<Vec<u8>> {
    let labels = register_font();
    let mut pixels = vec![0u8; WIDTH as usize * HEIGHT as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, (WIDTH, HEIGHT)).into_drawing_area();
        draw(&root, report, labels)?;
        root.present()
            .map_err(|e| anyhow!("cannot draw the plot: {e}"))?;
    }
    encode_png(&pixels, WIDTH, HEIGHT)
}

/// RGB pixels, `width` by `height`, as the bytes of a PNG file.
pub fn encode_png(pixels: &[u8], width: u32, height: u32) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    PngEncoder::new(&mut bytes)
        .write_image(pixels, width, height, ColorType::Rgb8)
        .map_err(|e| anyhow!("cannot encode the picture as PNG: {e}"))?;
    Ok(bytes)
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    report: &SeqReport,
    labels: bool,
) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("{e}");
    root.fill(&WHITE).map_err(err)?;
    let n_max = report.computed_to.max(1);
    let v_max = report.values.iter().copied().max().unwrap_or(0).max(1);
    let mut builder = ChartBuilder::on(root);
    builder.margin(15);
    if labels {
        builder
            .caption(
                format!("Grundy values of {}", report.game),
                ("sans-serif", 22),
            )
            .x_label_area_size(40)
            .y_label_area_size(50);
    }
    let mut chart = builder
        // One step of room past the last n, so its mark is not cut in half.
        .build_cartesian_2d(0u64..n_max + 1, 0u64..v_max + 1)
        .map_err(err)?;
    let mut mesh = chart.configure_mesh();
    mesh.light_line_style(WHITE.mix(0.0));
    if labels {
        mesh.x_desc("n").y_desc("G(n)");
    } else {
        mesh.disable_x_axis().disable_y_axis();
    }
    mesh.draw().map_err(err)?;
    let (common_marks, rare_marks) = marks(report, WIDTH as u64);
    // A short sequence has room for marks that can be seen.
    let radius = match n_max {
        0..=200 => 4,
        201..=2000 => 2,
        _ => 1,
    };
    chart
        .draw_series(
            common_marks
                .iter()
                .map(|&(n, v)| Circle::new((n, v), radius, BLUE.filled())),
        )
        .map_err(err)?;
    chart
        .draw_series(
            rare_marks
                .iter()
                .map(|&(n, v)| Circle::new((n, v), 3, RED.filled())),
        )
        .map_err(err)?;
    Ok(())
}

/// Points `(n, G(n))` of a plot.
type Points = Vec<(u64, u64)>;

/// The points `(n, G(n))` to draw: common heaps and rare heaps. Every rare
/// heap gets its mark; common heaps are folded to one mark per (pixel
/// column, value), drawn at the first heap of that column with that value,
/// so a plot of 2^22 heaps draws as fast as one of a thousand and a short
/// sequence shows every heap where it is.
fn marks(report: &SeqReport, columns: u64) -> (Points, Points) {
    // Told by the partition, not the report's list of rare heaps, which
    // stops at its first 10,000.
    let partition = report.sparse.as_ref().map(|s| s.partition);
    let rare = |n: u64, v: u64| partition.is_some_and(|p| !p.common(n as usize, v as u32));
    let count = report.values.len() as u64;
    let mut common: BTreeMap<(u64, u64), u64> = BTreeMap::new();
    let mut rare_marks = Vec::new();
    for (n, &v) in report.values.iter().enumerate() {
        let n = n as u64;
        if rare(n, v) {
            rare_marks.push((n, v));
        } else {
            let col = if count <= columns {
                n
            } else {
                n * columns / count
            };
            common.entry((col, v)).or_insert(n);
        }
    }
    let common_marks = common.into_iter().map(|((_, v), n)| (n, v)).collect();
    (common_marks, rare_marks)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(values: Vec<u64>) -> SeqReport {
        SeqReport {
            game: "test".into(),
            computed_to: values.len() as u64 - 1,
            values,
            preperiod: None,
            period: None,
            proven: false,
            proof: None,
            closed_form: None,
            sparse: None,
        }
    }

    #[test]
    fn a_short_sequence_has_a_mark_at_every_heap() {
        let values: Vec<u64> = (0..14).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        let (common, rare) = marks(&report(values.clone()), 1200);
        assert!(rare.is_empty());
        let expected: Vec<(u64, u64)> = values
            .iter()
            .enumerate()
            .map(|(n, &v)| (n as u64, v))
            .collect();
        let mut got = common;
        got.sort();
        assert_eq!(got, expected);
    }

    #[test]
    fn a_long_sequence_is_folded_to_real_points() {
        let values: Vec<u64> = (0..100_000u64).map(|n| n % 5 + n / 50_000).collect();
        let (common, _) = marks(&report(values.clone()), 1000);
        // At most one mark per column and value (1000 columns, 6 values),
        // and every mark is a real heap with its value.
        assert!(common.len() <= 6000, "{} marks", common.len());
        assert!(common.len() >= 1000);
        for &(n, v) in &common {
            assert_eq!(values[n as usize], v);
        }
        // The last heap's column is drawn.
        assert!(common.iter().any(|&(n, _)| n >= 99_900));
    }

    /// Rare heaps are told by the partition: the report lists only the
    /// first 10,000 (here none), and the plot marked only those.
    #[test]
    fn every_rare_heap_is_marked_past_the_listed_ones() {
        let values: Vec<u64> = (0..30_000u64).map(|n| n % 4).collect();
        let mut r = report(values.clone());
        let partition = grundy::heap::partition::Partition {
            mask: 1,
            parity: false,
            flip: false,
        };
        r.sparse = Some(grundy::heap::SparseInfo {
            partition,
            rare_count: 15_000,
            last_rare: Some(29_998),
            rare: Vec::new(),
        });
        let (_, rare) = marks(&r, 1000);
        // Values 0 and 2 have no odd bit under mask 1: rare.
        assert_eq!(rare.len(), 15_000);
        assert!(rare
            .iter()
            .all(|&(n, v)| values[n as usize] == v && v % 2 == 0));
    }
}
