//! Pip, the mascot: two stacked dice drawn with egui's painter. The top die
//! shows a 2 (its eyes), the bottom die a 3 (its buttons). Pip's state (its
//! mood and since when) is kept apart from the drawing, which is a pure
//! function of that state and the clock.

use egui::{Color32, Pos2, Response, Sense, Shape, Stroke, Ui, Vec2, Widget, WidgetInfo};
use std::f32::consts::PI;

/// How Pip feels, which sets its pose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mood {
    /// Waves hello (at start), then goes idle.
    Hello,
    /// Stands, breathes and blinks now and then.
    Idle,
    /// Looks up, thought dots above: something is being computed.
    Thinking,
    /// Arms up, jumps: the grid is solved.
    Cheering,
    /// Head tilted, frowning: the grid is invalid.
    Sorry,
}

impl Mood {
    pub fn name(self) -> &'static str {
        match self {
            Mood::Hello => "waving hello",
            Mood::Idle => "idle",
            Mood::Thinking => "thinking",
            Mood::Cheering => "cheering",
            Mood::Sorry => "sorry",
        }
    }
}

/// How long Pip waves hello before going idle, in seconds.
pub(super) const HELLO_SECONDS: f64 = 2.5;
/// How long Pip keeps jumping when cheering.
pub(super) const CHEER_SECONDS: f64 = 3.0;
const BLINK_PERIOD: f64 = 4.2;
const BLINK_LENGTH: f64 = 0.14;

/// Pip's state.
#[derive(Clone, Debug)]
pub(super) struct Pip {
    mood: Mood,
    /// When the mood started (egui time), set at the first frame drawn.
    since: Option<f64>,
    /// Whether Pip moves (off in tests and for players who want stillness).
    pub animate: bool,
}

impl Pip {
    pub(super) fn new(animate: bool) -> Pip {
        Pip {
            mood: Mood::Hello,
            since: None,
            animate,
        }
    }

    /// Changes the mood; the animation restarts at the next frame.
    pub(super) fn set_mood(&mut self, mood: Mood) {
        if mood != self.mood {
            self.mood = mood;
            self.since = None;
        }
    }

    /// The mood being shown (hello turns idle once the wave is over).
    pub(super) fn mood(&self) -> Mood {
        self.mood
    }

    fn update(&mut self, now: f64) -> f64 {
        let since = *self.since.get_or_insert(now);
        let age = now - since;
        if self.mood == Mood::Hello && (age > HELLO_SECONDS || !self.animate) {
            self.mood = Mood::Idle;
            self.since = Some(now);
            return 0.0;
        }
        age
    }
}

/// Draws Pip at a given size.
pub(super) struct PipView<'a> {
    pip: &'a mut Pip,
    height: f32,
}

impl<'a> PipView<'a> {
    pub(super) fn new(pip: &'a mut Pip, height: f32) -> Self {
        PipView { pip, height }
    }
}

/// The pose computed from mood and time: everything the painter needs.
#[derive(Clone, Copy, Debug, Default)]
struct Pose {
    lift: f32,
    head_tilt: f32,
    eyes_closed: bool,
    eyes_happy: bool,
    look: Vec2,
    /// Angles of the arms from hanging down (0) towards up (PI), left/right.
    arm_left: f32,
    arm_right: f32,
    mouth: f32, // >0 smile, <0 frown, 0 flat
    brows_sad: bool,
    thought_dots: usize,
}

fn pose(mood: Mood, age: f64, animate: bool) -> Pose {
    let t = if animate { age as f32 } else { 0.0 };
    let blink = animate && (age % BLINK_PERIOD) > BLINK_PERIOD - BLINK_LENGTH;
    let breathe = if animate { (t * 2.0).sin() * 0.01 } else { 0.0 };
    let mut p = Pose {
        lift: breathe,
        eyes_closed: blink,
        arm_left: 0.6,
        arm_right: 0.6,
        mouth: 1.0,
        ..Pose::default()
    };
    match mood {
        Mood::Hello => {
            p.arm_right = 2.3 + 0.45 * (t * 9.0).sin();
        }
        Mood::Idle => {}
        Mood::Thinking => {
            p.look = Vec2::new(0.35, -0.45);
            p.head_tilt = 0.08;
            p.mouth = 0.0;
            p.arm_right = 1.9; // hand to the chin
            p.thought_dots = if animate {
                1 + (t * 2.5) as usize % 3
            } else {
                3
            };
        }
        Mood::Cheering => {
            let jumping = !animate || age < CHEER_SECONDS;
            p.lift = if animate && jumping {
                (t * 7.0).sin().abs() * 0.08
            } else {
                0.0
            };
            p.arm_left = 2.6 + if animate { 0.2 * (t * 7.0).sin() } else { 0.0 };
            p.arm_right = 2.6 - if animate { 0.2 * (t * 7.0).sin() } else { 0.0 };
            p.eyes_happy = true;
            p.eyes_closed = false;
            p.mouth = 1.6;
        }
        Mood::Sorry => {
            p.head_tilt = -0.14;
            p.look = Vec2::new(-0.1, 0.35);
            p.mouth = -1.0;
            p.brows_sad = true;
            p.arm_left = 0.15;
            p.arm_right = 0.15;
        }
    }
    p
}

const FACE: Color32 = Color32::from_rgb(0xff, 0xfd, 0xf4);
const OUTLINE: Color32 = Color32::from_rgb(0x22, 0x22, 0x2a);
const PIP_DOT: Color32 = Color32::from_rgb(0x22, 0x22, 0x2a);
const CHEEK: Color32 = Color32::from_rgb(0xf4, 0xa6, 0xa6);

/// A rounded square as a polygon, rotated by `angle` around its centre.
fn rounded_square(center: Pos2, half: f32, radius: f32, angle: f32) -> Vec<Pos2> {
    let rot = egui::emath::Rot2::from_angle(angle);
    let inner = half - radius;
    let corners = [
        (Vec2::new(inner, inner), 0.0),
        (Vec2::new(-inner, inner), 0.5 * PI),
        (Vec2::new(-inner, -inner), PI),
        (Vec2::new(inner, -inner), 1.5 * PI),
    ];
    let mut pts = Vec::with_capacity(4 * 7);
    for (c, start) in corners {
        for k in 0..=6 {
            let a = start + (k as f32 / 6.0) * 0.5 * PI;
            let p = c + Vec2::new(a.cos(), a.sin()) * radius;
            pts.push(center + rot * p);
        }
    }
    pts
}

impl Widget for PipView<'_> {
    fn ui(self, ui: &mut Ui) -> Response {
        let h = self.height;
        let w = h * 0.8;
        let (rect, response) = ui.allocate_exact_size(Vec2::new(w, h), Sense::hover());
        let now = ui.input(|i| i.time);
        let age = self.pip.update(now);
        let mood = self.pip.mood;
        let animate = self.pip.animate;
        response.widget_info(|| {
            WidgetInfo::labeled(egui::Role::Image, true, format!("Pip ({})", mood.name()))
        });

        if animate {
            // Moving poses need frames; still ones only wake up for a blink.
            match mood {
                Mood::Hello | Mood::Thinking => ui.ctx().request_repaint_after_secs(1.0 / 30.0),
                Mood::Cheering if age < CHEER_SECONDS => {
                    ui.ctx().request_repaint_after_secs(1.0 / 30.0)
                }
                _ => {
                    let phase = age % BLINK_PERIOD;
                    let next = if phase > BLINK_PERIOD - BLINK_LENGTH {
                        BLINK_PERIOD - phase
                    } else {
                        BLINK_PERIOD - BLINK_LENGTH - phase
                    };
                    ui.ctx().request_repaint_after_secs(next as f32 + 0.01);
                }
            }
        }
        if !ui.is_rect_visible(rect) {
            return response;
        }
        let p = pose(mood, age, animate);
        paint(ui.painter(), rect, &p);
        response
    }
}

fn paint(painter: &egui::Painter, rect: egui::Rect, p: &Pose) {
    let w = rect.width();
    let unit = w / 10.0;
    let thick = Stroke::new(unit * 0.55, OUTLINE);
    let lift = p.lift * rect.height();
    let cx = rect.center().x;

    // Bottom die (the body), showing a 3 as buttons.
    let body_half = unit * 3.0;
    let body_c = Pos2::new(cx, rect.max.y - body_half - unit * 0.6 - lift);
    // Arms first, so the body covers their roots.
    let shoulder_y = body_c.y - body_half * 0.45;
    for (side, angle) in [(-1.0f32, p.arm_left), (1.0, p.arm_right)] {
        let root = Pos2::new(cx + side * body_half * 0.95, shoulder_y);
        let len = unit * 2.6;
        let dir = Vec2::new(side * angle.sin(), angle.cos());
        let hand = root + dir * len;
        // an outlined arm, readable on dark and light panels
        painter.line_segment([root, hand], Stroke::new(unit * 1.0, OUTLINE));
        painter.line_segment([root, hand], Stroke::new(unit * 0.45, FACE));
        painter.circle(hand, unit * 0.55, FACE, Stroke::new(unit * 0.35, OUTLINE));
    }
    // Feet.
    for side in [-1.0f32, 1.0] {
        let foot = Pos2::new(
            cx + side * body_half * 0.5,
            body_c.y + body_half + unit * 0.2,
        );
        let r = Vec2::new(unit * 0.9, unit * 0.45);
        painter.add(Shape::ellipse_filled(foot, r, FACE));
        painter.add(Shape::ellipse_stroke(
            foot,
            r,
            Stroke::new(unit * 0.3, OUTLINE),
        ));
    }
    painter.add(Shape::convex_polygon(
        rounded_square(body_c, body_half, unit * 0.9, 0.0),
        FACE,
        thick,
    ));
    for k in -1..=1 {
        let b = body_c + Vec2::new(0.0, k as f32 * body_half * 0.55);
        painter.circle_filled(b, unit * 0.5, PIP_DOT);
    }

    // Top die (the head), showing a 2 as eyes.
    let head_half = unit * 2.7;
    let head_c = Pos2::new(cx, body_c.y - body_half - head_half + unit * 0.15);
    let rot = egui::emath::Rot2::from_angle(p.head_tilt);
    let at = |v: Vec2| head_c + rot * v;
    painter.add(Shape::convex_polygon(
        rounded_square(head_c, head_half, unit * 0.85, p.head_tilt),
        FACE,
        thick,
    ));
    let eye_dx = head_half * 0.45;
    let eye_y = -head_half * 0.12;
    let look = p.look * unit * 0.45;
    for side in [-1.0f32, 1.0] {
        let e = at(Vec2::new(side * eye_dx, eye_y) + look);
        let r = unit * 0.55;
        if p.eyes_happy {
            // ^ ^
            let s = Stroke::new(unit * 0.35, PIP_DOT);
            painter.line_segment(
                [e + Vec2::new(-r, r * 0.4), e + Vec2::new(0.0, -r * 0.5)],
                s,
            );
            painter.line_segment([e + Vec2::new(0.0, -r * 0.5), e + Vec2::new(r, r * 0.4)], s);
        } else if p.eyes_closed {
            painter.line_segment(
                [e - Vec2::new(r, 0.0), e + Vec2::new(r, 0.0)],
                Stroke::new(unit * 0.3, PIP_DOT),
            );
        } else {
            painter.circle_filled(e, r, PIP_DOT);
            painter.circle_filled(e + Vec2::new(-r * 0.3, -r * 0.3), r * 0.3, FACE);
        }
        if p.brows_sad {
            let b = at(Vec2::new(side * eye_dx, eye_y - unit * 1.2));
            painter.line_segment(
                [
                    b + Vec2::new(-side * unit * 0.7, -unit * 0.3),
                    b + Vec2::new(side * unit * 0.7, unit * 0.2),
                ],
                Stroke::new(unit * 0.25, PIP_DOT),
            );
        }
        if p.mouth > 1.0 {
            painter.circle_filled(
                at(Vec2::new(side * eye_dx * 1.35, eye_y + unit * 1.1)),
                unit * 0.45,
                CHEEK,
            );
        }
    }
    // Mouth: a polyline on a parabola.
    let mouth_c = Vec2::new(0.0, head_half * 0.45);
    let half = unit * if p.mouth.abs() > 1.2 { 1.2 } else { 0.9 };
    let pts: Vec<Pos2> = (0..=8)
        .map(|k| {
            let x = (k as f32 / 8.0) * 2.0 - 1.0;
            let y = (1.0 - x * x) * p.mouth * unit * 0.45;
            at(mouth_c + Vec2::new(x * half, y - p.mouth * unit * 0.2))
        })
        .collect();
    painter.add(Shape::line(pts, Stroke::new(unit * 0.28, PIP_DOT)));

    // Thought dots above the head.
    for k in 0..p.thought_dots {
        let d = head_c
            + Vec2::new(
                head_half * (0.7 + 0.35 * k as f32),
                -head_half * (1.05 + 0.3 * k as f32),
            );
        painter.circle(
            d,
            unit * (0.25 + 0.12 * k as f32),
            FACE,
            Stroke::new(unit * 0.18, OUTLINE),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hello_turns_idle_after_the_wave() {
        let mut pip = Pip::new(true);
        assert_eq!(pip.update(10.0), 0.0);
        assert_eq!(pip.mood(), Mood::Hello);
        pip.update(10.0 + HELLO_SECONDS + 0.1);
        assert_eq!(pip.mood(), Mood::Idle);
    }

    #[test]
    fn poses_differ_by_mood() {
        let cheer = pose(Mood::Cheering, 0.0, false);
        let sorry = pose(Mood::Sorry, 0.0, false);
        assert!(cheer.mouth > 0.0 && cheer.arm_left > 2.0);
        assert!(sorry.mouth < 0.0 && sorry.head_tilt != 0.0);
        assert_eq!(pose(Mood::Thinking, 0.0, false).thought_dots, 3);
        // a blink comes once per period, briefly
        assert!(pose(Mood::Idle, BLINK_PERIOD - 0.05, true).eyes_closed);
        assert!(!pose(Mood::Idle, 1.0, true).eyes_closed);
    }

    #[test]
    fn rounded_square_is_closed_and_centred() {
        let pts = rounded_square(Pos2::new(10.0, 10.0), 5.0, 1.0, 0.3);
        let mean = pts.iter().fold(Vec2::ZERO, |a, p| a + p.to_vec2()) / pts.len() as f32;
        assert!((mean - Vec2::new(10.0, 10.0)).length() < 0.01);
    }
}
