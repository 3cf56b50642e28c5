"""Shared definitions for the digit model: classes, geometry and the cell preprocessing.

The preprocessing here is the reference; src/vision/cells.rs implements the same steps and
tests/it/vision/model.rs checks both agree on stored fixtures (models/testdata/).
"""
import re
import numpy as np

CELL = 32            # pixels per cell in the canonical warped grid
GRID = 9 * CELL      # canonical warped grid side (288)
OVERSAMPLE = 2       # warp at 2x then box-average: cheap anti-aliasing, same in Rust
N_CLASSES = 19       # 0 empty, 1..9 printed digit d, 10..18 handwritten digit d-9


def class_of(digit, handwritten):
    if digit == 0:
        return 0
    return digit + (9 if handwritten else 0)


def box_down2(img_u8):
    """2x2 box average with round-half-up, as in Rust: (a+b+c+d+2)/4."""
    a = img_u8.astype(np.uint16)
    h, w = a.shape[0] // 2 * 2, a.shape[1] // 2 * 2
    a = a[:h, :w]
    s = a[0::2, 0::2] + a[1::2, 0::2] + a[0::2, 1::2] + a[1::2, 1::2]
    return ((s + 2) // 4).astype(np.uint8)


def normalize_tile(tile_u8):
    """Cell tile (32x32 uint8, dark ink on light paper) -> float32 model input, ink = 1.

    paper = 768th smallest value (75th percentile), dark = 11th smallest (about the 1st
    percentile, robust to a few noisy pixels); contrast range at least 48 grey levels so an
    empty cell's paper noise stays faint instead of being stretched to full ink.
    """
    t = np.asarray(tile_u8, dtype=np.uint8).reshape(CELL, CELL)
    s = np.sort(t.reshape(-1))
    paper = float(s[767])
    dark = float(s[10])
    rng = max(paper - dark, 48.0)
    x = (np.float32(paper) - t.astype(np.float32)) / np.float32(rng)
    return np.clip(x, 0.0, 1.0).astype(np.float32)


def grid_tiles(warped_u8):
    """288x288 warped grid -> (81, 32, 32) uint8 tiles, row-major."""
    w = warped_u8.reshape(9, CELL, 9, CELL)
    return w.transpose(0, 2, 1, 3).reshape(81, CELL, CELL)


def read_dat(path):
    lines = open(path).read().split("\n")
    digits = []
    for line in lines[2:]:
        parts = line.split()
        if len(parts) == 9:
            digits.extend(int(p) for p in parts)
    assert len(digits) == 81, path
    return digits


def photo_number(name):
    """The N of a photo named like "image123" (or "printed/image123")."""
    return int(name.rsplit("/", 1)[-1].replace("image", ""))


def VAL_RULE(name):
    """Held-out split: photos whose number is a multiple of 5 (30 printed + 30 handwritten).
    Never trained on, and never used to choose a setting: only measured."""
    return photo_number(name) % 5 == 0


def CALIB_RULE(name):
    """Validation part of the training split: photos whose number ends in 1 (19 printed + 19
    handwritten, printed and handwritten twins together). Not trained on; the temperature,
    MISTAKE_SURE, the orientation threshold and the other reading settings are chosen here."""
    return photo_number(name) % 10 == 1


def split_of(name):
    """"heldout", "calib" (validation part of the training split) or "train"."""
    if VAL_RULE(name):
        return "heldout"
    return "calib" if CALIB_RULE(name) else "train"


def in_split(name, split):
    """Whether a photo belongs to `split`: train, calib, heldout (alias val), or all."""
    if split == "all":
        return True
    return split_of(name) == ("heldout" if split == "val" else split)


def photo_ids(photos_dir):
    import os
    ids = sorted(int(f[5:-4]) for f in os.listdir(os.path.join(photos_dir, "printed")) if f.endswith(".jpg"))
    return ids


# Font families never drawn in any training data: the synthetic screens of the tests and the
# bench are drawn with them (gen_screens.py --fonts test: Inter, Cantarell, Manrope; the
# screens drawn at run time by tests/common/screen_maker.rs: Ubuntu Light and Hack, the fonts
# egui ships), so the screens figures measure fonts the model never saw.
HELD_OUT_FONTS = re.compile(r"/(Inter|InterDisplay|Cantarell|Manrope|Hack|Ubuntu)[-.]", re.I)
