#!/usr/bin/env python3
"""Makes no-tounicode.pdf: a short resume whose text is drawn with Type3 fonts that have no
ToUnicode map, their glyphs named uniXXXX in the encoding's Differences (as some CJK PDF
producers write them), and character codes below 0x20. poppler's pdftotext turns uniXXXX names
into the letters; pdf-extract knows only the Adobe glyph list's names, so it reads PDFDocEncoding's
control codes and gives no usable text: the analysis has to fall back to pdftotext.

Run: python3 server/tests/data/resumes/fallback/make.py  (standard library only, deterministic).
"""
import os

LINES = ["王芳", "手机：13912345678", "邮箱：wang.fang@example.com", "工作经历", "2019.07-至今 腾讯科技有限公司 产品经理"]
PER_FONT = 23  # codes 1..23: PDFDocEncoding leaves them undefined


def main():
    chars = []
    for line in LINES:
        for c in line:
            if c != " " and c not in chars:
                chars.append(c)
    fonts = [chars[i:i + PER_FONT] for i in range(0, len(chars), PER_FONT)]
    where = {c: (f, i + 1) for f, cs in enumerate(fonts) for i, c in enumerate(cs)}
    objs = {}  # number -> bytes
    # 1 catalog, 2 pages, 3 page, 4 content, 5.. fonts (font, its glyph proc).
    font_refs = []
    next_obj = 5
    for f, cs in enumerate(fonts):
        font_no, proc_no = next_obj, next_obj + 1
        next_obj += 2
        objs[proc_no] = stream(b"600 0 0 0 500 700 d1 50 0 400 700 re f")
        diffs = " ".join(f"/uni{ord(c):04X}" for c in cs)
        procs = " ".join(f"/uni{ord(c):04X} {proc_no} 0 R" for c in cs)
        widths = " ".join("600" for _ in cs)
        objs[font_no] = (f"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 600 700] /FontMatrix [0.001 0 0 0.001 0 0] "
                         f"/CharProcs << {procs} >> /Encoding << /Type /Encoding /Differences [1 {diffs}] >> "
                         f"/FirstChar 1 /LastChar {len(cs)} /Widths [{widths}] /Resources << >> >>").encode()
        font_refs.append(f"/F{f} {font_no} 0 R")
    ops = ["BT"]
    y = 780
    for line in LINES:
        ops.append(f"1 0 0 1 72 {y} Tm")
        current = None
        for word_i, word in enumerate(line.split(" ")):
            if word_i:
                ops.append("12 0 Td")  # a gap between words, as a layout would leave
            for c in word:
                f, code = where[c]
                if f != current:
                    ops.append(f"/F{f} 12 Tf")
                    current = f
                ops.append(f"<{code:02X}> Tj")
        y -= 24
    ops.append("ET")
    objs[4] = stream("\n".join(ops).encode())
    objs[3] = f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << {' '.join(font_refs)} >> >> >>".encode()
    objs[2] = b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
    objs[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for no in sorted(objs):
        offsets[no] = len(out)
        out += f"{no} 0 obj\n".encode() + objs[no] + b"\nendobj\n"
    xref = len(out)
    size = max(objs) + 1
    out += f"xref\n0 {size}\n0000000000 65535 f \n".encode()
    for no in range(1, size):
        out += f"{offsets[no]:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "no-tounicode.pdf"), "wb") as fh:
        fh.write(out)


def stream(data):
    return f"<< /Length {len(data)} >>\nstream\n".encode() + data + b"\nendstream"


if __name__ == "__main__":
    main()
