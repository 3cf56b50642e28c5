//! `sudolens serve`: the web page and its API, for any browser on this
//! machine (or, with `--lan`, on the local network). The first line on
//! standard output is the page's address with its token; Ctrl+C stops it.

use super::{bad_input, Exit};
use clap::Args;
use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;
use sudolens::serve::{lan_address, Server, ServerConfig, DEFAULT_PORT};

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// Listen on this machine's address on the local network, so that a
    /// phone on the same Wi-Fi can open the page (loopback only otherwise).
    #[arg(long)]
    lan: bool,
}

pub fn run(args: &ServeArgs) -> ExitCode {
    let ip = if args.lan {
        match lan_address() {
            Some(ip) => ip,
            None => {
                return bad_input(
                    "--lan: this machine has no local network address (is it connected to Wi-Fi or Ethernet?)",
                )
            }
        }
    } else {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    };
    let config = ServerConfig {
        ip,
        port: args.port,
        stop_on_ctrl_c: true,
        ..ServerConfig::default()
    };
    let server = match Server::start(config) {
        Ok(s) => s,
        Err(e) => {
            say_err!("error: cannot listen on {ip} port {}: {e}", args.port);
            return Exit::BadInput.into();
        }
    };
    // The address first, alone on its line, for scripts and people alike.
    // Unwritten, nobody could reach the page: stop at once.
    let mut out = super::Output::stdout();
    out.line(server.url());
    if out.end() != super::output::Ending::Written {
        return Exit::WriteFailed.into();
    }
    if args.lan {
        say_err!(
            "warning: anyone on this network who gets this link can use sudolens through it \
             (the token in it is the only key), and the link travels in clear HTTP: any device \
             that can watch this network's traffic (an open Wi-Fi, say) can see it, token \
             included. Use --lan only on a network you trust, share the link only with your \
             own devices, and stop the server with Ctrl+C when you are done"
        );
    }
    say_err!(
        "serving the sudolens page at {}; Ctrl+C stops it",
        server.addr()
    );
    server.wait();
    say_err!("stopped");
    ExitCode::SUCCESS
}
