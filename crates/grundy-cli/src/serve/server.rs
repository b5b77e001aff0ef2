//! The server itself: routes, connections and the runtime.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use axum::http::Uri;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::bounds::Bounds;
use super::error::ApiError;

use super::{api, assets, bounds, conn, play, ServeArgs};

/// What every handler shares.
pub struct App {
    pub(super) bounds: Bounds,
}

/// The routes: the page, its four assets and the API.
fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/style.css", get(assets::style))
        .route("/app.js", get(assets::script))
        .route("/play.js", get(assets::play_script))
        .route("/api.js", get(assets::api_script))
        .merge(api_routes())
        .fallback(not_found)
        .layer(axum::middleware::from_fn(bounds::check_query_length))
        .layer(axum::middleware::from_fn(only_get))
        .with_state(app)
}

/// The routes of the API, under `/api` (docs/book/src/json-and-http.md):
/// the analyses, then a player's moves.
fn api_routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/games", get(api::games))
        .route("/api/value", get(api::value))
        .route("/api/explain", get(api::explain))
        .route("/api/seq", get(api::seq))
        .route("/api/plot", get(api::plot))
        .route("/api/graph", get(api::graph))
        .route("/api/draw", get(api::draw))
        .route("/api/move", get(play::computer_move))
        .route("/api/hint", get(play::hint))
}

/// Refuses every method but `GET` before routing, `HEAD` included (which
/// axum would otherwise answer as a `GET` without its body), as the API
/// promises.
async fn only_get(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    if request.method() == axum::http::Method::GET {
        next.run(request).await
    } else {
        method_not_allowed().await
    }
}

async fn not_found(uri: Uri) -> Response {
    ApiError::NotFound(format!(
        "no such page or route: {}; the API is under /api (see docs/book/src/json-and-http.md)",
        grundy::error::shorten_quote(uri.path())
    ))
    .into_response()
}

async fn method_not_allowed() -> Response {
    let mut response = ApiError::Bad("only GET requests are served".to_string()).into_response();
    *response.status_mut() = axum::http::StatusCode::METHOD_NOT_ALLOWED;
    response.headers_mut().insert(
        axum::http::header::ALLOW,
        axum::http::HeaderValue::from_static("GET"),
    );
    response
}

/// Completes on Ctrl-C or, on Unix, SIGTERM (what service managers send).
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Runs the server until Ctrl-C; `base` holds the budgets of one request
/// (`--max-states`, and `--memory` for the whole process).
pub fn run(args: &ServeArgs, base: grundy::Limits) -> anyhow::Result<()> {
    let time_limit = args.time_limit.duration();
    let conn_limits = conn::ConnLimits {
        max_connections: args.max_connections,
        idle_timeout: args.idle_timeout.duration(),
    };
    if base.max_states == 0 {
        bail!("--max-states must be at least 1 for serve: with 0, every request past a formula would be refused");
    }
    if !(1..=100_000).contains(&args.max_connections) {
        bail!(
            "--max-connections must be from 1 to 100000, got {}",
            args.max_connections
        );
    }
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let app = Arc::new(App {
        bounds: Bounds::new(base, time_limit, workers),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    let served = runtime.block_on(async move {
        let wanted = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(wanted)
            .await
            .with_context(|| format!("cannot listen on {wanted}"))?;
        let addr = listener.local_addr()?;
        if !args.bind.is_loopback() {
            sayln!(
                "warning: listening on {addr}, which other machines may reach; anyone who can reach it can use the server"
            );
        }
        // Tests and scripts read the port from this line, so it goes out
        // at once.
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on http://{addr}")?;
        out.flush()?;
        drop(out);
        conn::serve(listener, router(app), conn_limits, shutdown_signal()).await;
        anyhow::Ok(())
    });
    // A computation that has not noticed its stop flag yet must not keep
    // the process alive: its thread ends with the process.
    runtime.shutdown_timeout(Duration::from_millis(200));
    served
}
