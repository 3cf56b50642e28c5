//! Game → Use your phone: the web server on the local network, its address
//! as a QR code beside one line of help. A photo taken on the phone arrives
//! here and is read as if it had been dropped on the window; closing the
//! panel stops the server.
//!
//! [`PhonePanel`] holds the server and the photos it received; drawing it
//! is [`PhonePanel::show`], which says whether the panel stays open.

use std::net::IpAddr;
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;

use egui::{Color32, ColorImage, TextureHandle, TextureOptions, Vec2};

use super::i18n::{fill, Texts};
use crate::serve::{self, PhonePhoto, Server};

/// Blank modules around the code, as the QR standard asks, so phones find it.
const QUIET_ZONE: usize = 4;

/// The phone panel while it is open: the server, and its photos.
pub(super) struct PhonePanel {
    server: Option<Server>,
    /// Photos received and not yet taken by the window.
    photos: Receiver<PhonePhoto>,
    /// The QR code, made on the first frame it is drawn.
    qr: Option<TextureHandle>,
    /// The server listens on loopback only: this machine has no network a
    /// phone can reach.
    no_network: bool,
    /// The address was put on the clipboard: the panel says so.
    copied: bool,
}

impl PhonePanel {
    /// Starts the server on `ip` (the LAN address, or loopback when there is
    /// none: `no_network`), on the usual port when it is free. Photos wake
    /// the window up.
    pub(super) fn open(
        ctx: &egui::Context,
        ip: IpAddr,
        no_network: bool,
    ) -> std::io::Result<PhonePanel> {
        let (tx, photos) = channel();
        let ctx = ctx.clone();
        let sink: serve::PhotoSink = Arc::new(move |photo| {
            let _ = tx.send(photo);
            ctx.request_repaint();
        });
        let config = |port| serve::ServerConfig {
            ip,
            port,
            window: Some(sink.clone()),
            ..serve::ServerConfig::default()
        };
        // The usual port keeps the page's address (and its saved game) the
        // same from one time to the next; any free port when it is taken.
        let server = match Server::start(config(serve::DEFAULT_PORT)) {
            Ok(s) => s,
            Err(_) => Server::start(config(0))?,
        };
        Ok(PhonePanel {
            server: Some(server),
            photos,
            qr: None,
            no_network,
            copied: false,
        })
    }

    /// The page's address with its token, as the QR code holds it.
    pub(super) fn url(&self) -> &str {
        self.server.as_ref().map_or("", |s| s.url())
    }

    /// The next photo received, if any.
    pub(super) fn next_photo(&self) -> Option<PhonePhoto> {
        self.photos.try_recv().ok()
    }

    /// Stops the server off the UI thread (requests in flight may take a
    /// moment to finish), so that the window never waits for it.
    pub(super) fn close(mut self) {
        if let Some(server) = self.server.take() {
            std::thread::spawn(move || server.stop());
        }
    }

    /// Draws the panel; `false` once the player closed it.
    pub(super) fn show(&mut self, ctx: &egui::Context, t: &Texts) -> bool {
        let mut open = true;
        let mut close = false;
        let url = self.url().to_string();
        let qr = self
            .qr
            .get_or_insert_with(|| {
                ctx.load_texture("phone-qr", qr_image(&url), TextureOptions::NEAREST)
            })
            .clone();
        egui::Window::new(t.phone_title)
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(420.0)
            .show(ctx, |ui| {
                ui.vertical_centered(|ui| {
                    let side = 260.0;
                    let image = egui::Image::new((qr.id(), Vec2::splat(side)));
                    let response = ui.add(image);
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(
                            egui::Role::Image,
                            true,
                            format!("{}: {url}", t.phone_qr),
                        )
                    });
                    ui.add_space(6.0);
                    ui.label(if self.no_network {
                        t.phone_no_network
                    } else {
                        t.phone_help
                    });
                    ui.add_space(4.0);
                    // Large enough to read and type on a phone, and selectable:
                    // a phone that cannot scan still gets the address (issue 30).
                    let address = egui::RichText::new(&url).monospace().size(16.0);
                    ui.add(egui::Label::new(address).selectable(true).wrap());
                    ui.horizontal(|ui| {
                        if ui.button(t.phone_copy).clicked() {
                            ctx.copy_text(url.clone());
                            self.copied = true;
                        }
                        if self.copied {
                            ui.label(t.phone_copied);
                        }
                    });
                    ui.add_space(6.0);
                    if ui.button(t.phone_close).clicked() {
                        close = true;
                    }
                });
            });
        open && !close
    }
}

/// The URL as a QR code image: one pixel per module, black on white, with
/// its quiet zone; drawn scaled with nearest filtering, so it stays sharp.
fn qr_image(url: &str) -> ColorImage {
    let Ok(code) = qrcode::QrCode::new(url.as_bytes()) else {
        return ColorImage::new([1, 1], vec![Color32::WHITE]);
    };
    let width = code.width();
    let colors = code.to_colors();
    let side = width + 2 * QUIET_ZONE;
    let mut pixels = vec![Color32::WHITE; side * side];
    for (i, c) in colors.iter().enumerate() {
        if *c == qrcode::Color::Dark {
            let (x, y) = (i % width + QUIET_ZONE, i / width + QUIET_ZONE);
            pixels[y * side + x] = Color32::BLACK;
        }
    }
    ColorImage::new([side, side], pixels)
}

impl super::App {
    /// Game → Use your phone: opens the panel and starts its server on the
    /// LAN (or says why it cannot).
    pub(super) fn open_phone_panel(&mut self, ctx: &egui::Context) {
        if self.chrome.phone.is_some() {
            return;
        }
        let lan = self.config.phone_address.or_else(crate::serve::lan_address);
        let ip = lan.unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST));
        match PhonePanel::open(ctx, ip, lan.is_none()) {
            Ok(panel) => self.chrome.phone = Some(panel),
            Err(e) => {
                let text = fill(self.t().status_phone_failed, &[&e]);
                self.set_status(text, true);
            }
        }
    }

    /// A photo from the phone, read as a dropped photo is, once the worker
    /// is free (the next one waits in the panel until then).
    pub(super) fn take_phone_photo(&mut self, ctx: &egui::Context) {
        if self.worker.busy() {
            return;
        }
        let photo = self.chrome.phone.as_ref().and_then(|p| p.next_photo());
        if let Some(photo) = photo {
            self.read_photo(photo.name, photo.bytes, ctx);
        }
    }

    /// The phone panel, while it is open; closing it stops its server.
    pub(super) fn phone_window(&mut self, ctx: &egui::Context) {
        let t = self.t();
        if let Some(panel) = &mut self.chrome.phone {
            if !panel.show(ctx, t) {
                if let Some(panel) = self.chrome.phone.take() {
                    panel.close();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_qr_code_has_its_quiet_zone_and_finder_patterns() {
        let img = qr_image("http://192.168.1.20:8137/?t=abcdefghijklmnopqrstuvwxyz012345");
        let [w, h] = img.size;
        assert_eq!(w, h);
        let at = |x: usize, y: usize| img.pixels[y * w + x];
        // the quiet zone is white all round
        for k in 0..w {
            for q in 0..QUIET_ZONE {
                assert_eq!(at(k, q), Color32::WHITE);
                assert_eq!(at(q, k), Color32::WHITE);
            }
        }
        // a finder pattern's dark corner sits just inside it, top-left,
        // top-right and bottom-left
        assert_eq!(at(QUIET_ZONE, QUIET_ZONE), Color32::BLACK);
        assert_eq!(at(w - QUIET_ZONE - 1, QUIET_ZONE), Color32::BLACK);
        assert_eq!(at(QUIET_ZONE, h - QUIET_ZONE - 1), Color32::BLACK);
    }
}
