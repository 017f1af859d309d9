"""PDF/X-4 output intents: a CMYK printing condition's ICC profile, embedded in a book.

A print shop reads a PDF/X file's *output intent* to know which press and paper
its colours were made for.  :func:`add_output_intent` takes the PDF a book was
typeset to and writes it again with what ISO 15930-7 (PDF/X-4) asks of it:

* the header ``%PDF-1.6``;
* an ``/OutputIntents`` array in the catalog holding one ``/GTS_PDFX`` intent:
  its ``/DestOutputProfile`` (the ICC profile, ``/N 4``), its
  ``/OutputConditionIdentifier`` (``Custom`` unless the profile names a
  registered characterization), ``/OutputCondition``, ``/Info`` and
  ``/RegistryName``;
* ``/GTS_PDFXVersion (PDF/X-4)`` and ``/Trapped`` in the document information,
  and the same in an XMP metadata stream (``pdfxid:GTS_PDFXVersion``, the
  dates, the title, ``xmpMM:DocumentID``, ``VersionID``, ``RenditionClass``);
* a ``/TrimBox`` on every page (the media box when the book has no bleed).

No profile is bundled: a CMYK characterization profile is data with its own
licence.  ``book --output-intent PATH`` takes any CMYK output profile;
``book --pdfx`` uses the first of :data:`SYSTEM_PROFILES` found on the machine.
The rewrite keeps the reportlab bytes' objects and their order, so the same
book and profile give the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from puzzlegen.errors import PuzzlegenError

#: Where a CMYK output profile is looked for by ``book --pdfx``, in order, with
#: the package that installs it.
SYSTEM_PROFILES: tuple[tuple[str, str], ...] = (
    # Debian and Ubuntu: Ghostscript's ICC profiles ("Artifex CMYK SWOP Profile").
    ("/usr/share/color/icc/ghostscript/default_cmyk.icc", "libgs-common"),
    # Fedora: Ghostscript's profiles, and colord's FOGRA39 profile (CC0).
    ("/usr/share/ghostscript/iccprofiles/default_cmyk.icc", "ghostscript"),
    ("/usr/share/color/icc/colord/FOGRA39L_coated.icc", "colord"),
)

#: How to get a profile when none is found (said in one line).
HOW_TO_GET = (
    "no CMYK output profile found on this machine: install Debian's libgs-common "
    "(apt-get install libgs-common, for /usr/share/color/icc/ghostscript/default_cmyk.icc) "
    "or give --output-intent PATH to a CMYK .icc profile"
)

#: Registered characterizations (the ICC's registry) a profile's description may name.
_REGISTERED = (
    "FOGRA39",
    "FOGRA51",
    "FOGRA52",
    "FOGRA29",
    "FOGRA47",
    "CGATS TR 001",
    "CGATS TR 006",
)

#: The standard the intent follows, cited by preflight.
PDFX4 = "ISO 15930-7:2010 (PDF/X-4): output intent, version keys, trim box, XMP metadata"


class ProfileError(PuzzlegenError, ValueError):
    """A file that is not a CMYK output ICC profile, or no profile to be found."""


@dataclass(frozen=True)
class Profile:
    """A CMYK output ICC profile, read and checked."""

    data: bytes
    description: str
    version: str

    @property
    def condition_identifier(self) -> str:
        """A registered characterization the description names, else ``Custom``."""
        upper = self.description.upper()
        for name in _REGISTERED:
            if name.upper() in upper:
                return name
        return "Custom"


def default_profile() -> Path:
    """The first CMYK profile of :data:`SYSTEM_PROFILES` on this machine; ProfileError if none."""
    for path, _package in SYSTEM_PROFILES:
        if Path(path).is_file():
            return Path(path)
    raise ProfileError(HOW_TO_GET)


def check_profile(data: bytes, name: str = "the profile") -> Profile:
    """``data`` as a CMYK output profile; raises :class:`ProfileError` naming what is wrong."""
    if len(data) < 132 or data[36:40] != b"acsp":
        raise ProfileError(f"{name} is not an ICC profile (no 'acsp' signature)")
    (size,) = struct.unpack(">I", data[:4])
    if size != len(data):
        raise ProfileError(f"{name} is cut short: its header says {size} bytes, it has {len(data)}")
    space = data[16:20].decode("latin-1")
    if space != "CMYK":
        raise ProfileError(f"{name} is for {space.strip()} colour, not CMYK")
    device = data[12:16].decode("latin-1")
    if device != "prtr":
        raise ProfileError(f"{name} is a '{device}' profile, not an output (printer) one")
    version = f"{data[8]}.{data[9] >> 4}"
    return Profile(data, _description(data) or "CMYK output profile", version)


def _description(data: bytes) -> str:
    """The profile's 'desc' tag as text (v2 textDescriptionType or v4 mluc), or ''."""
    (count,) = struct.unpack(">I", data[128:132])
    for i in range(min(count, 200)):
        at = 132 + 12 * i
        if at + 12 > len(data):
            break
        sig, offset, length = struct.unpack(">4sII", data[at : at + 12])
        if sig != b"desc" or offset + length > len(data):
            continue
        tag = data[offset : offset + length]
        if tag[:4] == b"desc" and len(tag) >= 12:
            (n,) = struct.unpack(">I", tag[8:12])
            return tag[12 : 12 + n].split(b"\0")[0].decode("latin-1").strip()
        if tag[:4] == b"mluc" and len(tag) >= 28:
            (records,) = struct.unpack(">I", tag[8:12])
            if records:
                n, where = struct.unpack(">II", tag[20:28])
                return tag[where : where + n].decode("utf-16-be", "replace").strip("\0 ")
    return ""


def read_profile(path: Path) -> Profile:
    """The CMYK output profile at ``path``; ProfileError (one line) if it is not one."""
    if not path.is_file():
        raise ProfileError(f"no ICC profile at {str(path)!r}")
    return check_profile(path.read_bytes(), repr(str(path)))


def add_output_intent(pdf: bytes, profile: Profile) -> bytes:
    """``pdf`` rewritten as PDF/X-4 with ``profile`` as its output intent (same bytes each time)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DecodedStreamObject,
        DictionaryObject,
        NameObject,
        NumberObject,
        TextStringObject,
    )

    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter(clone_from=reader)
    writer.pdf_header = b"%PDF-1.6"
    for page in writer.pages:
        if "/TrimBox" not in page:
            page.trimbox = page.mediabox

    raw = DecodedStreamObject()
    raw.set_data(profile.data)
    raw[NameObject("/N")] = NumberObject(4)
    icc = raw.flate_encode()
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(
                profile.condition_identifier
            ),
            NameObject("/OutputCondition"): TextStringObject(profile.description),
            NameObject("/Info"): TextStringObject(profile.description),
            NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
            NameObject("/DestOutputProfile"): writer._add_object(icc),
        }
    )
    root = writer.root_object
    root[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(intent)])

    info: dict[str, Any] = {str(k): v for k, v in (reader.metadata or {}).items()}
    info["/GTS_PDFXVersion"] = TextStringObject("PDF/X-4")
    info["/Trapped"] = NameObject("/False")  # a name, not text
    writer.add_metadata(info)

    xmp = DecodedStreamObject()
    xmp.set_data(_xmp(info, pdf))
    xmp[NameObject("/Type")] = NameObject("/Metadata")
    xmp[NameObject("/Subtype")] = NameObject("/XML")
    root[NameObject("/Metadata")] = writer._add_object(xmp)

    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _xmp(info: dict[str, Any], pdf: bytes) -> bytes:
    """The XMP packet PDF/X-4 asks for, its dates and title those of the information dict."""

    def date(key: str) -> str:
        raw = str(info.get(key, "D:20000101000000+00'00'"))[2:]
        stamp = f"{raw[0:4]}-{raw[4:6]}-{raw[6:8]}T{raw[8:10]}:{raw[10:12]}:{raw[12:14]}"
        zone = raw[14:].replace("'", "")
        return stamp + ("Z" if zone in ("Z", "+0000", "-0000", "") else f"{zone[:3]}:{zone[3:5]}")

    # The same book gives the same identifiers: both are drawn from its bytes.
    digest = hashlib.sha256(pdf).hexdigest()
    uuid = f"{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"
    title = escape(str(info.get("/Title", "")))
    creator = escape(str(info.get("/Creator", "")))
    producer = escape(str(info.get("/Producer", "")))
    created, modified = date("/CreationDate"), date("/ModDate")
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{created}</xmp:CreateDate>
   <xmp:ModifyDate>{modified}</xmp:ModifyDate>
   <xmp:MetadataDate>{modified}</xmp:MetadataDate>
   <xmp:CreatorTool>{creator}</xmp:CreatorTool>
   <pdf:Producer>{producer}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{uuid}</xmpMM:DocumentID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode()
