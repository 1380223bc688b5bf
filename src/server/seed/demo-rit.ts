/**
 * Demo technical inspection reports (issue 40) in every state of their workflow, for the demo
 * accounts of the README: `field@portal.local` (Fábio Field, inspector, sites 101 and 103) writes,
 * issues and signs them; `cliente@portal.local` (the client's representative of site 101) signs
 * after him. One report is signed by both ("Assinado", with a verification code), one waits for the
 * client's signature, one for the inspector's, one is a draft with findings to open SGI records, one
 * was returned for correction after the inspector signed it ("Devolvido para correção", the signature
 * voided with the reason) and one was voided by an administrator with its reason ("Anular RIT").
 * The signatures are written after the rows (`seedDemoRitSignatures`), with the hash of the content
 * as stored, like the signature engine does.
 */
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import { selectOne } from '../crud/record-access';
import { storedContentHash } from '../signatures/signed-schema';
import { ensureCode, insertSignature, voidSignatures } from '../signatures/store';
import { P, p, type Row } from './demo-common';

export function rits(): Row[] {
  return [
    {
      numero: 'RIT-101-001',
      obra: '101',
      data: '2025-03-18',
      titulo: 'Recebimento de estrutura metálica — lote 3',
      tipoInspecao: 'Recebimento',
      inspetor: p(P.field),
      equipamento: 'Treliças TR-01 a TR-12',
      status: 'Assinado',
      conclusao: 'Aprovado com ressalvas',
      itens: [
        { item: 'Dimensional das treliças', criterio: 'Tolerância ±3 mm', resultado: 'Conforme' },
        { item: 'Espessura da pintura', criterio: 'Mínimo 120 µm', resultado: 'Não conforme', observacao: 'TR-07 com 95 µm; retoque solicitado.' },
      ],
      constatacoes: [{ descricao: 'Pintura da TR-07 abaixo da espessura mínima (95 µm).', severidade: 'Média' }],
      recomendacoes: 'Retocar pintura da TR-07 antes da montagem.',
    },
    {
      numero: 'RIT-101-002',
      obra: '101',
      data: '2025-06-05',
      titulo: 'Montagem do pórtico rolante — vão 2',
      tipoInspecao: 'Montagem',
      inspetor: p(P.field),
      equipamento: 'Pórtico rolante PR-02',
      status: 'Emitido',
      conclusao: 'Aprovado',
      itens: [
        { item: 'Prumo das colunas', criterio: 'Desvio ≤ 1/1000', resultado: 'Conforme' },
        { item: 'Torque dos chumbadores', resultado: 'Conforme' },
      ],
    },
    {
      numero: 'RIT-103-001',
      obra: '103',
      data: '2025-07-02',
      titulo: 'Comissionamento dos barramentos de 13,8 kV',
      tipoInspecao: 'Comissionamento',
      inspetor: p(P.field),
      status: 'Emitido',
      conclusao: 'Aprovado',
      itens: [{ item: 'Resistência de isolamento', criterio: '≥ 100 MΩ', resultado: 'Conforme' }],
    },
    {
      numero: 'RIT-101-003',
      obra: '101',
      data: '2025-07-24',
      titulo: 'Inspeção do piso industrial — quadra B',
      tipoInspecao: 'Periódica',
      inspetor: p(P.field),
      status: 'Rascunho',
      conclusao: 'Reprovado',
      itens: [{ item: 'Planicidade FF/FL', criterio: 'FF 50 / FL 35', resultado: 'Não conforme' }],
      constatacoes: [
        { descricao: 'Fissuras de retração na junta J-14, abertura de até 0,4 mm.', severidade: 'Alta' },
        { descricao: 'Desnível de 6 mm entre placas na faixa de empilhadeiras.', severidade: 'Média' },
      ],
    },
    {
      numero: 'RIT-101-004',
      obra: '101',
      data: '2025-08-20',
      titulo: 'Montagem das escadas de acesso ao mezanino',
      tipoInspecao: 'Montagem',
      inspetor: p(P.field),
      equipamento: 'Escadas EM-01 e EM-02',
      status: 'Devolvido',
      conclusao: 'Aprovado com ressalvas',
      itens: [
        { item: 'Fixação dos degraus', criterio: 'Todos os parafusos com arruela de pressão', resultado: 'Conforme' },
        { item: 'Guarda-corpo', criterio: 'Altura mínima de 1,10 m (NBR 14718)', resultado: 'Não conforme', observacao: 'EM-02 com 1,05 m no patamar.' },
      ],
      constatacoes: [{ descricao: 'Guarda-corpo do patamar da EM-02 abaixo da altura mínima.', severidade: 'Alta' }],
    },
    {
      numero: 'RIT-103-002',
      obra: '103',
      data: '2025-08-11',
      titulo: 'Recebimento dos painéis de média tensão',
      tipoInspecao: 'Recebimento',
      inspetor: p(P.field),
      equipamento: 'Painéis PMT-01 a PMT-04',
      status: 'Anulado',
      conclusao: 'Aprovado',
      itens: [{ item: 'Identificação e placas', resultado: 'Conforme' }],
      anuladoEm: '2025-08-12T14:30:00.000Z',
      anuladoPor: p(P.admin),
      motivoAnulacao: 'Emitido para o lote errado; a inspeção do lote correto foi registrada em outro RIT.',
    },
  ];
}

/** Who signed which demo report (in order): the inspector, then the client's representative. */
const SIGNED: Record<string, { papel: 'responsavel' | 'cliente'; email: string; nome: string }[]> = {
  'RIT-101-001': [
    { papel: 'responsavel', email: P.field.mail, nome: P.field.nome },
    { papel: 'cliente', email: P.cliente.mail, nome: P.cliente.nome },
  ],
  'RIT-101-002': [{ papel: 'responsavel', email: P.field.mail, nome: P.field.nome }],
  'RIT-101-004': [{ papel: 'responsavel', email: P.field.mail, nome: P.field.nome }],
};

/** The demo reports returned for correction after being signed: their signatures voided with the reason, as the step does. */
const RETURNED: Record<string, string> = {
  'RIT-101-004': 'Relatório devolvido: Falta a foto da medição da altura do guarda-corpo da EM-02.',
};

/** The demo reports' signatures and verification codes (first start only, inside the seed's transaction). */
export async function seedDemoRitSignatures(trx: Db): Promise<void> {
  const schema = schemaByName('rit')!;
  for (const [numero, signers] of Object.entries(SIGNED)) {
    const found = (await trx.selectFrom(schema.name).select('id').where('numero', '=', numero).executeTakeFirst()) as { id: number } | undefined;
    const row = found && (await selectOne(trx, schema, Number(found.id)));
    if (!row) continue;
    const id = Number(row.id);
    const hash = await storedContentHash(trx, schema, row);
    await ensureCode(trx, schema.resource, id);
    for (const s of signers) {
      await insertSignature(trx, {
        recurso: schema.resource,
        id,
        ...s,
        metodo: 'login',
        imagem: null,
        ip: '127.0.0.1',
        userAgent: 'Dados de demonstração',
        hash,
      });
    }
    if (RETURNED[numero]) await voidSignatures(trx, schema.resource, id, RETURNED[numero]);
  }
}
