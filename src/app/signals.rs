//! The window told to end by the system: SIGTERM (`kill`, a shutdown),
//! SIGHUP (the session or terminal gone) or SIGINT (Ctrl+C in the terminal
//! that started it). Their default action ended the process at once, with
//! every move since the last autosave lost (issue 32, N3); here they only
//! raise a flag, and a watcher thread wakes the window, which saves the
//! game and closes within a frame (see `App::close_on_signal`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Set by the handler; read by the window each frame.
static ASKED_TO_END: AtomicBool = AtomicBool::new(false);

/// How often the watcher looks at the flag: the window is asleep between
/// events, and a signal handler may not wake it itself.
const WATCH_EVERY: Duration = Duration::from_millis(50);

/// Whether a signal asked the window to end.
pub(super) fn asked_to_end() -> bool {
    ASKED_TO_END.load(Ordering::Relaxed)
}

/// Installs the handlers and starts the thread that wakes `ctx` when one
/// fires. Each handler is one-shot (`SA_RESETHAND`): a second signal, if
/// the save hangs, ends the process as before.
pub(super) fn watch(ctx: egui::Context) {
    #[cfg(unix)]
    for signal in [libc::SIGTERM, libc::SIGHUP, libc::SIGINT] {
        // SAFETY: the handler only stores to an atomic, which is
        // async-signal-safe; the sigaction struct is zeroed then filled.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
            action.sa_flags = libc::SA_RESETHAND | libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            if libc::sigaction(signal, &action, std::ptr::null_mut()) != 0 {
                log::warn!("cannot catch signal {signal}: the game is saved only on close");
            }
        }
    }
    let spawned = std::thread::Builder::new()
        .name("signal watcher".into())
        .spawn(move || loop {
            std::thread::sleep(WATCH_EVERY);
            if asked_to_end() {
                ctx.request_repaint();
                return;
            }
        });
    if let Err(e) = spawned {
        log::warn!("cannot watch for signals: {e}");
    }
}

#[cfg(unix)]
extern "C" fn on_signal(_: libc::c_int) {
    ASKED_TO_END.store(true, Ordering::Relaxed);
}
