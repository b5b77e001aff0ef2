//! The JSON and SVG routes that mirror the command line.
//!
//! `/api/value`, `/api/explain` and `/api/seq` answer with exactly the
//! JSON that `grundy value --json`, `grundy explain --json` and
//! `grundy seq --json` print (the same structures,
//! pretty-printed the same way), so scripts can move between the two; a
//! sequence stopped by the time limit adds one field, `stopped`.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use grundy::compound::analyze_texts;
use grundy::heap::{SeqReport, SeqRequest};
use grundy::play::StateGraph;
use grundy::present::picture;
use grundy::ruleset::misere_sequence_of;
use grundy::spec::no_files;
use grundy::{Limits, Ruleset, SpecOptions};
use serde::Serialize;

use super::bounds::{Job, MAX_GRAPH_POSITIONS, MAX_TO};
use super::error::ApiError;
use super::params::{Params, RawQuery, GAME_PARAMS, POSITION_PARAMS};
use super::{games, App};
use crate::seq::SeqAnswer;

/// A JSON body as the CLI prints it: pretty, with a final newline.
pub fn json<T: Serialize>(value: &T) -> Result<Response, ApiError> {
    let mut text = serde_json::to_string_pretty(value)
        .map_err(|e| ApiError::Internal(format!("cannot write JSON: {e}")))?;
    text.push('\n');
    Ok((
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        text,
    )
        .into_response())
}

/// An SVG picture.
fn svg(text: String) -> Response {
    (
        [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8")],
        text,
    )
        .into_response()
}

/// Reads the parameters of `route` and answers with `work` under the
/// request's bounds; bad parameters are refused before any work starts.
pub async fn answer<F>(
    app: &App,
    route: &'static str,
    raw: RawQuery,
    allowed: &[&str],
    work: F,
) -> Response
where
    F: Fn(&Params, &Job) -> Result<Response, ApiError> + Send + Sync + 'static,
{
    let params = match Params::read(route, raw, allowed) {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    let key = params.key();
    app.bounds
        .run(key, Arc::new(move |job: &Job| work(&params, job)))
        .await
}

/// `GET /api/games`: the games grundy knows. It takes no parameters, and
/// says so rather than ignore a misspelt one.
pub async fn games(raw: RawQuery) -> Response {
    if let Err(e) = Params::read("/api/games", raw, &[]) {
        return e.into_response();
    }
    json(&games::list()).unwrap_or_else(IntoResponse::into_response)
}

/// `GET /api/value?game=GAME&components=C1;C2;...`: as `grundy value --json`;
/// with `compound=KIND` as `--compound KIND`, and with `sum=true` (and no
/// `game`) as `--sum`, each component `GAME POSITION`.
pub async fn value(State(app): State<Arc<App>>, raw: RawQuery) -> Response {
    let allowed = [GAME_PARAMS, POSITION_PARAMS].concat();
    answer(&app, "/api/value", raw, &allowed, |params, job| {
        if let Some(answer) = compound(params, job)? {
            return json(&answer);
        }
        let game = params.game()?;
        let components = params.components(&*game)?;
        json(&game.analyze(&components, &job.limits)?)
    })
    .await
}

/// The answer to a compound or a sum of different games, or `None` for
/// an ordinary sum of one game.
fn compound(params: &Params, job: &Job) -> Result<Option<grundy::compound::Answer>, ApiError> {
    let asked = params.asked()?;
    if asked.is_one_game_sum() {
        return Ok(None);
    }
    let texts = params.texts()?;
    Ok(Some(analyze_texts(&asked, &texts, &no_files, &job.limits)?))
}

/// `GET /api/explain?game=GAME&components=C1;C2;...`: as `grundy explain
/// --json`, for the page's "why?" panel.
pub async fn explain(State(app): State<Arc<App>>, raw: RawQuery) -> Response {
    let allowed = [GAME_PARAMS, POSITION_PARAMS].concat();
    answer(&app, "/api/explain", raw, &allowed, |params, job| {
        let game = params.game()?;
        let components = params.components(&*game)?;
        json(&grundy::explain::explain(&*game, &components, &job.limits)?)
    })
    .await
}

/// The sequence asked for, or as much of it as the time limit allowed.
fn sequence(params: &Params, job: &Job) -> Result<(SeqReport, Option<String>), ApiError> {
    let game = params.game()?;
    let to = params.to(MAX_TO)?;
    // Without `to`, games with a periodicity theorem run until the period
    // is proven; the state budget caps that run at `MAX_TO` as well.
    let limits = job.with_states(MAX_TO + 1);
    match game.sequence(&SeqRequest { to }, &limits) {
        Ok(report) => Ok((report, None)),
        Err(grundy::Error::Interrupted(_)) => partial_sequence(&*game, job),
        Err(e) => Err(e.into()),
    }
}

/// What a heap game computed before its time ran out, as a report of
/// `G(0..=n)` for the last `n` reached.
fn partial_sequence(
    game: &dyn Ruleset,
    job: &Job,
) -> Result<(SeqReport, Option<String>), ApiError> {
    let stopped = || {
        ApiError::Unavailable(format!(
            "stopped by the time limit of {} per request before any value was computed",
            job.time_text()
        ))
    };
    let heap = game.heap().ok_or_else(stopped)?;
    let computed = heap.stats().computed;
    if computed == 0 {
        return Err(stopped());
    }
    // Everything is computed already: no stop flag, or the report could
    // not be written.
    let report = heap.report(computed - 1, None, &Limits::with_max_states(u64::MAX))?;
    let why = format!(
        "time limit of {} reached at n = {}",
        job.time_text(),
        computed - 1
    );
    Ok((report, Some(why)))
}

/// `GET /api/seq?game=GAME&to=N`: as `grundy seq --json`; with
/// `misere=true` as `grundy seq --misere --json` (a bound that stops it
/// after heap 0 says so in the report's `stopped`).
pub async fn seq(State(app): State<Arc<App>>, raw: RawQuery) -> Response {
    answer(
        &app,
        "/api/seq",
        raw,
        &["game", "to", "misere"],
        |params, job| {
            if params.flag("misere")? {
                let game = grundy::spec::parse(params.required("game")?, SpecOptions::default())?;
                let to = params.to(MAX_TO)?;
                let (mut report, fault) = misere_sequence_of(&*game, to, &job.limits, &mut |_| {})?;
                if let Some(e) = fault {
                    return Err(e.into());
                }
                // Nobody interrupted it: the request's time ran out, and
                // the report says so, as the normal-play sequence does.
                let ran_out = (job.limits.stop.as_ref()).is_some_and(|s| s.load(Relaxed));
                if ran_out {
                    let limit =
                        format!("the time limit of {} per request ran out", job.time_text());
                    report.stopped_by(&limit);
                }
                return json(&report);
            }
            let (report, stopped) = sequence(params, job)?;
            json(&SeqAnswer {
                report: &report,
                stopped,
            })
        },
    )
    .await
}

/// `GET /api/plot?game=GAME&to=N`: the sequence as an SVG plot, drawn as
/// `grundy seq --plot FILE.svg` draws it.
pub async fn plot(State(app): State<Arc<App>>, raw: RawQuery) -> Response {
    answer(&app, "/api/plot", raw, &["game", "to"], |params, job| {
        let (report, stopped) = sequence(params, job)?;
        let picture =
            crate::plot::svg(&report).map_err(|e| ApiError::Internal(format!("{e:#}")))?;
        let mut response = svg(picture);
        if let Some(why) = stopped.and_then(|w| w.parse().ok()) {
            response.headers_mut().insert("x-grundy-stopped", why);
        }
        Ok(response)
    })
    .await
}

/// `GET /api/graph?game=GAME&position=P1;P2;...[&drawings=true]`: the
/// state graph of a small position as SVG, as `grundy graph [--drawings]`
/// draws it.
pub async fn graph(State(app): State<Arc<App>>, raw: RawQuery) -> Response {
    let allowed = [GAME_PARAMS, POSITION_PARAMS, &["drawings"]].concat();
    answer(&app, "/api/graph", raw, &allowed, |params, job| {
        let game = params.game()?;
        let position = params.components(&*game)?;
        let limits = job.with_states(MAX_GRAPH_POSITIONS);
        let graph = match StateGraph::build(&*game, &position, &limits) {
            Err(e) if StateGraph::too_many_positions(&e) => {
                let limit = limits.max_states;
                return Err(ApiError::TooBig(format!(
                    "the state graph has more than {limit} positions, too many to draw; start from a smaller position"
                )))
            }
            other => other?,
        };
        let title = graph.title(&*game);
        Ok(svg(match params.flag("drawings")? {
            true => picture::to_svg_drawn(&graph, &title, &*game),
            false => picture::to_svg(&graph, &title),
        }))
    })
    .await
}

/// `GET /api/draw?game=GAME&position=P1;P2;...`: the position drawn as
/// `grundy draw` draws it (boards, graphs, coins, heaps), as SVG whose
/// clickable parts carry `data-key`s.
pub async fn draw(State(app): State<Arc<App>>, raw: RawQuery) -> Response {
    let allowed = [GAME_PARAMS, POSITION_PARAMS].concat();
    answer(&app, "/api/draw", raw, &allowed, |params, _job| {
        let game = params.game()?;
        let position = params.components(&*game)?;
        match game.figure(&position, &[])? {
            Some(figure) => Ok(svg(grundy::present::drawing::to_svg(&figure))),
            None => {
                Err(
                    grundy::present::drawing::no_drawing(&*game, &position, "it is shown as text")
                        .into(),
                )
            }
        }
    })
    .await
}
