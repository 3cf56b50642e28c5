//! The accept loop: each connection admitted by the table of open
//! connections ([`super::connections`]), served by hyper's HTTP/1 with
//! bounded headers (size and time), and closed when it has been idle too
//! long or when a newcomer needs its place.

use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use tower_service::Service;

use super::connections::{idle_too_long, BusyGuard, Connections};
use super::{router, Shared};

/// The client's address, put on each request by the accept loop.
#[derive(Clone, Copy, Debug)]
pub(super) struct Peer(pub IpAddr);

/// Accepts connections until `stop`, then lets those in flight finish (two
/// seconds at most).
pub(super) async fn serve(
    listener: tokio::net::TcpListener,
    shared: Arc<Shared>,
    stop: impl Future<Output = ()>,
) {
    let limits = shared.limits.clone();
    let app = router(shared);
    let connections = Connections::new(
        limits.per_address_connections,
        limits.max_connections,
        limits.idle_time,
    );
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(_) => {
                    // out of file descriptors, say: breathe, then go on
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        // Every connection in the way busy: this one is closed unanswered.
        let Ok(admitted) = connections.admit(peer.ip(), std::time::Instant::now()) else {
            continue;
        };
        let id = admitted.id;
        let app = app.clone();
        let table = connections.clone();
        let service = hyper::service::service_fn(move |mut req: Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(Peer(peer.ip()));
            let mut app = app.clone();
            // busy from the whole request's arrival until its answer is ready
            let busy = BusyGuard::new(table.clone(), id);
            async move {
                let answer = app.call(req.map(Body::new)).await;
                drop(busy);
                answer
            }
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_time)
            .max_buf_size(64 * 1024)
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        let table = connections.clone();
        tokio::spawn(async move {
            // dropping the connection closes its socket
            tokio::select! {
                _ = connection => {}
                _ = admitted.close.notified() => {}
                _ = idle_too_long(&table, id) => {}
            }
            table.closed(id);
        });
        // The connection just admitted gets its first turn before the next
        // accept: its request, when already sent, is read and marks it busy
        // before a burst of newcomers could push it out as idle.
        tokio::task::yield_now().await;
    }
    drop(listener);
    tokio::select! {
        _ = graceful.shutdown() => {}
        _ = tokio::time::sleep(Duration::from_secs(2)) => {}
    }
}
