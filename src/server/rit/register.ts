/**
 * What the technical inspection report (RIT, issue 40) adds to the engine, imported once by
 * src/server/modules/register.ts: the document of record the signature engine signs, with its
 * workflow effects and guard (signed-document.ts), and the opening of SGI records (sgi.ts) and punch
 * items (item-verificacao.ts) from its findings (findings.ts).
 */
import './signed-document';
import './sgi';
import './item-verificacao';
