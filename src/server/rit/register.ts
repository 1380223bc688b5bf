/**
 * What the technical inspection report (RIT, issue 40) adds to the engine, imported once by
 * src/server/modules/register.ts: the document of record the signature engine signs, with its
 * workflow effects and guard (signed-document.ts), and the opening of SGI records from its
 * findings (sgi.ts).
 */
import './signed-document';
import './sgi';
