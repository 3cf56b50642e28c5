//! A check the JPEG decoder does not make: that the compressed data of a baseline JPEG holds
//! every block its header announces.
//!
//! A photo cut short by a broken download or copy, with an end marker appended (as some
//! tools do when they "repair" a file), decodes without a word: zune-jpeg, even in its strict
//! mode, reads zeros once it meets a marker, so the missing part of the photo becomes a
//! regular texture and the grid in it is read as garbage. Walking the Huffman codes, without
//! the inverse DCT or colour work, counts the blocks the data really holds.
//!
//! Only baseline and extended sequential Huffman JPEGs (what cameras and phones write) are
//! walked; progressive, arithmetic-coded or oddly built files are left to the decoder.

/// What the walk found wrong, in words for the player; `None` when the data is whole or when
/// the file is not one this check reads.
pub fn damage(bytes: &[u8]) -> Option<String> {
    Walker::default().run(bytes).err()
}

#[derive(Clone, Copy)]
struct Component {
    id: u8,
    h: usize,
    v: usize,
}

/// Width, height and components of the frame.
struct Frame {
    width: usize,
    height: usize,
    components: Vec<Component>,
}

/// Bits looked up at once: most codes are shorter, the rest are decoded bit by bit.
const FAST_BITS: u32 = 9;

/// A canonical Huffman table (JPEG spec, annex C and F.2.2.3).
#[derive(Clone)]
struct Huffman {
    /// For a `FAST_BITS` prefix: the code's length (0 when longer) and its symbol.
    fast: Vec<(u8, u8)>,
    /// Largest code of each length, -1 when there is none.
    max_code: [i32; 17],
    /// First code of each length, and where its symbols start in `symbols`.
    min_code: [i32; 17],
    first_symbol: [usize; 17],
    symbols: Vec<u8>,
}

impl Huffman {
    fn new(counts: &[u8; 16], symbols: Vec<u8>) -> Huffman {
        let mut t = Huffman {
            fast: vec![(0, 0); 1 << FAST_BITS],
            max_code: [-1; 17],
            min_code: [0; 17],
            first_symbol: [0; 17],
            symbols,
        };
        let (mut code, mut k) = (0i32, 0usize);
        for len in 1..=16 {
            let n = usize::from(counts[len - 1]);
            t.min_code[len] = code;
            t.first_symbol[len] = k;
            for i in 0..n {
                let c = code + i as i32;
                if len as u32 <= FAST_BITS {
                    let shift = FAST_BITS - len as u32;
                    let start = (c as usize) << shift;
                    let symbol = t.symbols.get(k + i).copied().unwrap_or(0);
                    for slot in t.fast.iter_mut().skip(start).take(1 << shift) {
                        *slot = (len as u8, symbol);
                    }
                }
            }
            code += n as i32;
            k += n;
            if n > 0 {
                t.max_code[len] = code - 1;
            }
            code <<= 1;
        }
        t
    }
}

/// Reads the entropy-coded data bit by bit, undoing the 0xFF00 byte stuffing, and stops at
/// the first marker.
struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
    acc: u64,
    count: u32,
    /// A marker was met: no more data in this scan.
    at_marker: bool,
}

impl<'a> Bits<'a> {
    fn fill(&mut self) {
        while self.count <= 56 && !self.at_marker {
            let Some(&byte) = self.data.get(self.pos) else {
                self.at_marker = true;
                break;
            };
            if byte == 0xFF {
                if self.data.get(self.pos + 1) != Some(&0) {
                    self.at_marker = true;
                    break;
                }
                self.pos += 1;
            }
            self.pos += 1;
            self.acc |= u64::from(byte) << (56 - self.count);
            self.count += 8;
        }
    }

    /// The next `n` bits (n <= 16), `None` when the data ends first.
    fn peek(&mut self, n: u32) -> Option<u32> {
        if self.count < n {
            self.fill();
            if self.count < n {
                return None;
            }
        }
        Some((self.acc >> (64 - n)) as u32)
    }

    fn skip(&mut self, n: u32) -> Option<()> {
        if n == 0 {
            return Some(());
        }
        self.peek(n)?;
        self.acc <<= n;
        self.count -= n;
        Some(())
    }

    /// Decodes one symbol; `Err(true)` when the data ends, `Err(false)` for a bad code.
    fn symbol(&mut self, t: &Huffman) -> Result<u8, bool> {
        self.fill();
        let available = self.count.min(FAST_BITS);
        if available > 0 {
            let prefix = ((self.acc >> (64 - FAST_BITS)) as usize) & ((1 << FAST_BITS) - 1);
            let (len, symbol) = t.fast[prefix];
            if len > 0 && u32::from(len) <= available {
                self.skip(u32::from(len)).ok_or(true)?;
                return Ok(symbol);
            }
        }
        for len in 1..=16u32 {
            let code = self.peek(len).ok_or(true)? as i32;
            if code <= t.max_code[len as usize] {
                self.skip(len).ok_or(true)?;
                let i = t.first_symbol[len as usize] + (code - t.min_code[len as usize]) as usize;
                return t.symbols.get(i).copied().ok_or(false);
            }
        }
        Err(false)
    }

    /// Skips to the restart marker expected after every restart interval.
    fn restart(&mut self) -> bool {
        // bits left over in the accumulator are the previous interval's padding
        self.acc = 0;
        self.count = 0;
        self.at_marker = false;
        while self.data.get(self.pos) == Some(&0xFF) && self.data.get(self.pos + 1) == Some(&0xFF) {
            self.pos += 1;
        }
        match self.data.get(self.pos..self.pos + 2) {
            Some([0xFF, m]) if (0xD0..=0xD7).contains(m) => {
                self.pos += 2;
                true
            }
            _ => false,
        }
    }
}

/// The walk's state over the file's segments.
#[derive(Default)]
struct Walker {
    frame: Option<Frame>,
    dc: [Option<Huffman>; 4],
    ac: [Option<Huffman>; 4],
    restart_interval: usize,
}

/// Not a file this check reads: leave it to the decoder.
const SKIP: Result<(), String> = Ok(());

impl Walker {
    fn run(&mut self, bytes: &[u8]) -> Result<(), String> {
        if bytes.get(..2) != Some(&[0xFF, 0xD8]) {
            return SKIP;
        }
        let mut pos = 2;
        loop {
            // markers may be preceded by any number of 0xFF fill bytes
            while bytes.get(pos) == Some(&0xFF) && bytes.get(pos + 1) == Some(&0xFF) {
                pos += 1;
            }
            let (Some(0xFF), Some(&marker)) = (bytes.get(pos).copied(), bytes.get(pos + 1)) else {
                return SKIP;
            };
            pos += 2;
            if marker == 0xD9 {
                return Ok(());
            }
            if (0xD0..=0xD7).contains(&marker) || marker == 0x01 {
                continue;
            }
            let Some(len) = bytes
                .get(pos..pos + 2)
                .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
            else {
                return SKIP;
            };
            let Some(body) = bytes.get(pos + 2..pos + len).filter(|_| len >= 2) else {
                return SKIP;
            };
            pos += len;
            match marker {
                0xC0 | 0xC1 => match parse_frame(body) {
                    Some(f) => self.frame = Some(f),
                    None => return SKIP,
                },
                // progressive, lossless, arithmetic: not walked here
                0xC2 | 0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF => return SKIP,
                0xC4 if self.parse_tables(body).is_none() => return SKIP,
                0xDD if body.len() >= 2 => {
                    self.restart_interval = usize::from(u16::from_be_bytes([body[0], body[1]]));
                }
                0xDA => {
                    let Some(end) = self.walk_scan(body, bytes, pos)? else {
                        return SKIP;
                    };
                    pos = end;
                }
                _ => {}
            }
        }
    }

    fn parse_tables(&mut self, mut body: &[u8]) -> Option<()> {
        while !body.is_empty() {
            let (class, id) = (body[0] >> 4, usize::from(body[0] & 15));
            let counts: [u8; 16] = body.get(1..17)?.try_into().ok()?;
            let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
            let symbols = body.get(17..17 + n)?.to_vec();
            let table = Some(Huffman::new(&counts, symbols));
            match class {
                0 => *self.dc.get_mut(id)? = table,
                1 => *self.ac.get_mut(id)? = table,
                _ => return None,
            }
            body = &body[17 + n..];
        }
        Some(())
    }

    /// Walks one scan whose header is `header` and whose data starts at `start`. Returns where
    /// the data ends (at the next marker), `None` when the scan is not one this check reads,
    /// or the damage found.
    fn walk_scan(
        &self,
        header: &[u8],
        bytes: &[u8],
        start: usize,
    ) -> Result<Option<usize>, String> {
        let Some(scan) = self.scan_plan(header) else {
            return Ok(None);
        };
        let mut bits = Bits {
            data: bytes,
            pos: start,
            acc: 0,
            count: 0,
            at_marker: false,
        };
        let total_blocks = scan.mcus * scan.blocks_per_mcu();
        let mut done = 0;
        for mcu in 0..scan.mcus {
            if self.restart_interval > 0
                && mcu > 0
                && mcu % self.restart_interval == 0
                && !bits.restart()
            {
                return Err(format!(
                    "a restart marker is missing after {done} of {total_blocks} blocks"
                ));
            }
            for part in &scan.parts {
                for _ in 0..part.blocks {
                    block(&mut bits, part.dc, part.ac).map_err(|ended| {
                        if ended {
                            format!("the compressed data ends after {done} of {total_blocks} blocks")
                        } else {
                            format!("the compressed data is invalid after {done} of {total_blocks} blocks")
                        }
                    })?;
                    done += 1;
                }
            }
        }
        // the next scan or the end marker follows the last byte read
        let mut end = bits.pos;
        while end < bytes.len()
            && !(bytes[end] == 0xFF && bytes.get(end + 1).is_some_and(|&m| m != 0))
        {
            end += 1;
        }
        Ok(Some(end))
    }

    /// The blocks of each component in one MCU of the scan, and the number of MCUs.
    fn scan_plan(&self, header: &[u8]) -> Option<Scan<'_>> {
        let frame = self.frame.as_ref()?;
        let n = usize::from(*header.first()?);
        let (ss, se) = (*header.get(1 + 2 * n)?, *header.get(2 + 2 * n)?);
        if n == 0 || ss != 0 || se != 63 || frame.width == 0 || frame.height == 0 {
            return None;
        }
        let h_max = frame.components.iter().map(|c| c.h).max()?;
        let v_max = frame.components.iter().map(|c| c.v).max()?;
        let mut parts = Vec::new();
        for i in 0..n {
            let (id, tables) = (header[1 + 2 * i], header[2 + 2 * i]);
            let c = frame.components.iter().find(|c| c.id == id)?;
            let dc = self.dc.get(usize::from(tables >> 4))?.as_ref()?;
            let ac = self.ac.get(usize::from(tables & 15))?.as_ref()?;
            // a component alone in its scan is coded block by block, without padding to MCUs
            let blocks = if n == 1 { 1 } else { c.h * c.v };
            parts.push(Part {
                dc,
                ac,
                blocks,
                component: *c,
            });
        }
        let mcus = if n == 1 {
            let c = parts[0].component;
            let w = (frame.width * c.h).div_ceil(h_max).div_ceil(8);
            let h = (frame.height * c.v).div_ceil(v_max).div_ceil(8);
            w * h
        } else {
            frame.width.div_ceil(8 * h_max) * frame.height.div_ceil(8 * v_max)
        };
        Some(Scan { parts, mcus })
    }
}

struct Part<'a> {
    dc: &'a Huffman,
    ac: &'a Huffman,
    blocks: usize,
    component: Component,
}

struct Scan<'a> {
    parts: Vec<Part<'a>>,
    mcus: usize,
}

impl Scan<'_> {
    fn blocks_per_mcu(&self) -> usize {
        self.parts.iter().map(|p| p.blocks).sum()
    }
}

/// Walks one 8x8 block: a DC difference, then AC run/size codes up to the end of block.
/// `Err(true)` when the data ends, `Err(false)` when it is not valid.
fn block(bits: &mut Bits, dc: &Huffman, ac: &Huffman) -> Result<(), bool> {
    let size = bits.symbol(dc)?;
    if size > 15 {
        return Err(false);
    }
    bits.skip(u32::from(size)).ok_or(true)?;
    let mut k = 1;
    while k < 64 {
        let rs = bits.symbol(ac)?;
        let (run, size) = (usize::from(rs >> 4), u32::from(rs & 15));
        if size == 0 {
            if run != 15 {
                return Ok(()); // end of block
            }
            k += 16;
            continue;
        }
        k += run + 1;
        if k > 64 {
            return Err(false);
        }
        bits.skip(size).ok_or(true)?;
    }
    Ok(())
}

fn parse_frame(body: &[u8]) -> Option<Frame> {
    let height = usize::from(u16::from_be_bytes([*body.get(1)?, *body.get(2)?]));
    let width = usize::from(u16::from_be_bytes([*body.get(3)?, *body.get(4)?]));
    let n = usize::from(*body.get(5)?);
    let mut components = Vec::with_capacity(n);
    for i in 0..n {
        let c = body.get(6 + 3 * i..9 + 3 * i)?;
        let (h, v) = (usize::from(c[1] >> 4), usize::from(c[1] & 15));
        if h == 0 || v == 0 {
            return None;
        }
        components.push(Component { id: c[0], h, v });
    }
    Some(Frame {
        width,
        height,
        components,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbImage::from_fn(w, h, |x, y| {
            image::Rgb([
                (x * 7 % 256) as u8,
                (y * 5 % 256) as u8,
                ((x ^ y) % 256) as u8,
            ])
        });
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
        out.into_inner()
    }

    #[test]
    fn whole_jpegs_pass() {
        for (w, h) in [(1, 1), (17, 9), (64, 64), (301, 211)] {
            let bytes = encoded(w, h);
            assert_eq!(damage(&bytes), None, "{w}x{h}");
        }
    }

    #[test]
    fn a_cut_with_an_end_marker_appended_is_found() {
        let bytes = encoded(301, 211);
        for cut in [bytes.len() / 3, bytes.len() / 2, bytes.len() - 40] {
            let damaged = [&bytes[..cut], &[0xFF, 0xD9][..]].concat();
            let found = damage(&damaged).expect("the cut is found");
            assert!(found.contains("blocks"), "{found}");
        }
    }

    #[test]
    fn damaged_bytes_never_panic() {
        let whole = encoded(64, 48);
        // a small xorshift: the same corruptions on every run
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..300 {
            let mut bytes = whole.clone();
            for _ in 0..1 + next() % 8 {
                let i = (next() % bytes.len() as u64) as usize;
                bytes[i] = next() as u8;
            }
            bytes.truncate(2 + (next() % bytes.len() as u64) as usize);
            let _ = damage(&bytes);
        }
    }

    #[test]
    fn other_files_are_left_to_the_decoder() {
        assert_eq!(damage(b""), None);
        assert_eq!(damage(b"\x89PNG\r\n"), None);
        assert_eq!(damage(&[0xFF, 0xD8, 0xFF]), None);
    }
}
