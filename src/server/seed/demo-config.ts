/**
 * Demo configuration rows: the RDO configuration of the demo sites (/:obra/diarios/configurar) and
 * the default library tree new sites get (/obra/documentacao), so both screens open with content.
 */
import { DEFAULT_FOLDER_TEMPLATE } from '../modules/document-tree';
import { COMPANY, type Row } from './demo-common';

const TURNOS = [
  { periodo: 'Manhã', inicio: '07:00', fim: '12:00' },
  { periodo: 'Tarde', inicio: '13:00', fim: '17:00' },
];

export function configuracoesRdo(): Row[] {
  return [
    {
      obra: '101',
      turnos: TURNOS,
      maoDeObra: [
        { empresa: COMPANY, funcao: 'Encarregado' },
        { empresa: COMPANY, funcao: 'Técnico de segurança' },
        { empresa: 'Montagens Ideal Ltda.', funcao: 'Montador' },
        { empresa: 'Montagens Ideal Ltda.', funcao: 'Soldador' },
        { empresa: 'Elétrica Forte Serviços', funcao: 'Eletricista' },
        { empresa: 'Concreta Pré-Moldados', funcao: 'Pedreiro' },
        { empresa: 'Concreta Pré-Moldados', funcao: 'Servente' },
      ],
      equipamentos: [
        { equipamento: 'Guindaste 50 t' },
        { equipamento: 'Plataforma elevatória' },
        { equipamento: 'Caminhão munck' },
        { equipamento: 'Gerador 100 kVA' },
        { equipamento: 'Betoneira 400 L' },
      ],
      estacoes: [{ nome: 'São Paulo — Mirante de Santana', codigo: 'A701', fonte: 'INMET' }],
      // Who receives each concluded or signed report's PDF (issue 26): the client's site office and the company's archive.
      distribuicao: ['obra101@cliente-demo.com.br', 'arquivo.tecnico@portal.local'],
      // No mandatory section on 101: reports of the demo site are written with any content.
    },
    {
      obra: '103',
      turnos: [...TURNOS, { periodo: 'Noite', inicio: '18:00', fim: '22:00' }],
      maoDeObra: [
        { empresa: COMPANY, funcao: 'Encarregado' },
        { empresa: 'Elétrica Forte Serviços', funcao: 'Eletricista' },
        { empresa: 'Terraplenagem Minas Ltda.', funcao: 'Operador de máquinas' },
      ],
      equipamentos: [{ equipamento: 'Retroescavadeira' }, { equipamento: 'Rolo compactador' }, { equipamento: 'Compactador de solo' }],
      estacoes: [{ nome: 'Belo Horizonte — Pampulha', codigo: 'A521', fonte: 'INMET' }],
      // The substation reads rainfall every day: a report of 103 without it is refused.
      obrigatorias: { chuvaMm: true },
    },
  ];
}

/** The default tree (ids are positions, `pai` an earlier position). */
export function modelosDiretorio(): Row[] {
  return DEFAULT_FOLDER_TEMPLATE.map((t) => ({ ...t }));
}
