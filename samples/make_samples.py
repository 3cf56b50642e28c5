"""Make the synthetic demo photos in samples/ (rerun: python make_samples.py).

Each is a newspaper-like Sudoku rendered with a real font on textured paper, then put
through a phone-photo-like perspective, blur, shadow and JPEG compression, with a small
solution grid or text printed nearby as a distractor. A .dat file beside each photo gives
the ground truth in the dataset's format; a .json gives givens and entries separately.
Name samples on the command line to make only those.
Needs: numpy, pillow, opencv-python-headless, fonts-dejavu-core, fonts-liberation, fonts-dkg-handwriting.
"""
import json
import numpy as np
import cv2
from PIL import Image, ImageDraw, ImageFont

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
SERIF = "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
HAND = "/usr/share/fonts/truetype/fifthhorseman/dkg.ttf"


def render_grid(givens, entries, cell, font_path, paper, thin_shade=20):
    side = 9 * cell
    img = Image.new("L", (side + 4, side + 4), paper)
    d = ImageDraw.Draw(img)
    for k in range(10):
        # box lines and border are bold; the thin ones may be pale (a faded print)
        box = k % 3 == 0
        t = 4 if box else 1
        shade = 20 if box else thin_shade
        d.rectangle([2 + k * cell - t // 2, 2, 2 + k * cell + (t - t // 2), side + 2], fill=shade)
        d.rectangle([2, 2 + k * cell - t // 2, side + 2, 2 + k * cell + (t - t // 2)], fill=shade)
    fp = ImageFont.truetype(font_path, int(cell * 0.7))
    fh = ImageFont.truetype(HAND, int(cell * 0.62))
    for i in range(81):
        r, c = divmod(i, 9)
        for text, f, ink, jitter in ((givens[i], fp, 15, 0), (entries[i], fh, 60, 0.08)):
            if text not in ".0":
                x = 2 + c * cell + cell / 2 + np.random.uniform(-jitter, jitter) * cell
                y = 2 + r * cell + cell / 2 + np.random.uniform(-jitter, jitter) * cell
                d.text((x, y), text, font=f, fill=ink, anchor="mm")
    return img


def photo(seed, size, givens, entries, font, rotate=0, blur=1.2, distractor=True, paper=235, thin_shade=20,
          margin=0):
    rng = np.random.default_rng(seed)
    np.random.seed(seed)
    W, H = size
    page = Image.new("L", (W, H), paper)
    d = ImageDraw.Draw(page)
    body = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", 14)
    for y in range(10, H, 22):  # newspaper text around the puzzle
        d.text((10, y), "Le sudoku du jour : remplissez la grille, chaque chiffre une fois " * 2, font=body, fill=90)
    cell = int(min(W, H) * 0.075)
    grid = render_grid(givens, entries, cell, font, paper, thin_shade)
    gx, gy = int(W * 0.12), int(H * 0.1)
    if margin:  # the white space a page layout leaves around a puzzle
        d.rectangle([gx - margin, gy - margin, gx + grid.width + margin, gy + grid.height + margin], fill=paper)
    page.paste(grid, (gx, gy))
    if distractor:  # yesterday's solution, small, beside the puzzle
        small = render_grid(SOLUTION, "." * 81, cell // 3, font, paper)
        page.paste(small, (gx + grid.width + cell // 2, gy + grid.height - small.height))
    a = np.asarray(page).astype(np.float32)
    a += rng.normal(0, 6, a.shape)  # paper texture
    a = cv2.GaussianBlur(a, (0, 0), 0.8)
    # perspective: the phone held a little askew
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    j = rng.uniform(-0.06, 0.06, (4, 2)) * [W, H]
    m = cv2.getPerspectiveTransform(src, (src + j).astype(np.float32))
    a = cv2.warpPerspective(a, m, (W, H), borderMode=cv2.BORDER_REPLICATE)
    # shadow of the phone and uneven light
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    light = 0.75 + 0.25 * (xx / W)
    light *= np.where(xx + 0.6 * yy > 1.1 * W, 0.7, 1.0)
    a = cv2.GaussianBlur(a * cv2.GaussianBlur(light, (0, 0), 15), (0, 0), blur)
    a = np.clip(a + rng.normal(0, 3, a.shape), 0, 255).astype(np.uint8)
    rgb = cv2.merge([(a * 0.85).astype(np.uint8), (a * 0.95).astype(np.uint8), a])  # yellowed paper
    for _ in range(rotate):
        rgb = cv2.rotate(rgb, cv2.ROTATE_90_CLOCKWISE)
    return rgb


def save(name, rgb, givens, entries, ext="jpg"):
    path = f"{name}.{ext}"
    if ext == "jpg":
        cv2.imwrite(path, rgb, [cv2.IMWRITE_JPEG_QUALITY, 85])
    else:
        cv2.imwrite(path, rgb, [cv2.IMWRITE_WEBP_QUALITY, 80])
    h, w = rgb.shape[:2]
    digits = [g if g != "." else (e if e != "." else "0") for g, e in zip(givens, entries)]
    with open(f"{name}.dat", "w") as f:
        f.write("sudolens samples/make_samples.py\n")
        f.write(f"{w}x{h}:24 {ext.upper()}\n")
        for r in range(9):
            f.write(" ".join(digits[r * 9:r * 9 + 9]) + "\n")
    json.dump({"givens": givens, "entries": entries}, open(f"{name}.json", "w"), indent=1)


if __name__ == "__main__":
    import sys
    none = "." * 81
    entries = "".join(s if p == "." and i % 3 else "." for i, (p, s) in enumerate(zip(PUZZLE, SOLUTION)))
    # name -> (photo, givens, entries, file type), made only when asked for
    samples = {
        "printed_serif": lambda: (photo(1, (1024, 768), PUZZLE, none, SERIF), PUZZLE, none, "jpg"),
        "handwritten_sideways": lambda: (photo(2, (900, 1200), PUZZLE, entries, SANS, rotate=1,
                                               distractor=False), PUZZLE, entries, "jpg"),
        "printed_blurry": lambda: (photo(3, (800, 600), PUZZLE, none, SANS, blur=2.0, paper=215),
                                   PUZZLE, none, "webp"),
        # a faded print: the thin lines pale and blurred, only the border and box lines bold
        "printed_faded": lambda: (photo(4, (1000, 750), PUZZLE, none, SERIF, blur=1.6, thin_shade=190,
                                        distractor=False, margin=20), PUZZLE, none, "jpg"),
    }
    for name in sys.argv[1:] or samples:
        if name not in samples:
            sys.exit(f"make_samples.py: no sample named {name!r}; there are {', '.join(samples)}")
        rgb, givens, ents, ext = samples[name]()
        save(name, rgb, givens, ents, ext=ext)
