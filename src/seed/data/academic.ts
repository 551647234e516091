/** Real undergraduate course names with their degree and usual length in semesters. */
export const COURSES: readonly (readonly [nome: string, grau: string, semestres: number])[] = [
  ['Administração', 'Bacharelado', 8],
  ['Ciências Contábeis', 'Bacharelado', 8],
  ['Direito', 'Bacharelado', 10],
  ['Enfermagem', 'Bacharelado', 10],
  ['Psicologia', 'Bacharelado', 10],
  ['Fisioterapia', 'Bacharelado', 10],
  ['Nutrição', 'Bacharelado', 8],
  ['Farmácia', 'Bacharelado', 10],
  ['Biomedicina', 'Bacharelado', 8],
  ['Odontologia', 'Bacharelado', 10],
  ['Medicina Veterinária', 'Bacharelado', 10],
  ['Educação Física', 'Bacharelado', 8],
  ['Engenharia Civil', 'Bacharelado', 10],
  ['Engenharia de Produção', 'Bacharelado', 10],
  ['Engenharia Elétrica', 'Bacharelado', 10],
  ['Engenharia Mecânica', 'Bacharelado', 10],
  ['Engenharia de Software', 'Bacharelado', 8],
  ['Arquitetura e Urbanismo', 'Bacharelado', 10],
  ['Ciência da Computação', 'Bacharelado', 8],
  ['Sistemas de Informação', 'Bacharelado', 8],
  ['Jornalismo', 'Bacharelado', 8],
  ['Publicidade e Propaganda', 'Bacharelado', 8],
  ['Relações Internacionais', 'Bacharelado', 8],
  ['Economia', 'Bacharelado', 8],
  ['Design', 'Bacharelado', 8],
  ['Agronomia', 'Bacharelado', 10],
  ['Pedagogia', 'Licenciatura', 8],
  ['Letras - Português e Inglês', 'Licenciatura', 8],
  ['Matemática', 'Licenciatura', 8],
  ['História', 'Licenciatura', 8],
  ['Geografia', 'Licenciatura', 8],
  ['Ciências Biológicas', 'Licenciatura', 8],
  ['Educação Física', 'Licenciatura', 8],
  ['Química', 'Licenciatura', 8],
  ['Análise e Desenvolvimento de Sistemas', 'Tecnólogo', 5],
  ['Gestão de Recursos Humanos', 'Tecnólogo', 4],
  ['Gestão Financeira', 'Tecnólogo', 4],
  ['Logística', 'Tecnólogo', 4],
  ['Marketing', 'Tecnólogo', 4],
  ['Gestão Comercial', 'Tecnólogo', 4],
  ['Redes de Computadores', 'Tecnólogo', 5],
  ['Radiologia', 'Tecnólogo', 6],
  ['Estética e Cosmética', 'Tecnólogo', 6],
  ['Gastronomia', 'Tecnólogo', 4],
  ['Processos Gerenciais', 'Tecnólogo', 4],
  ['Gestão Pública', 'Tecnólogo', 4],
];

/** The shifts every database needs; the seed inserts the missing ones. */
export const SHIFTS: readonly (readonly [codigo: string, nome: string])[] = [
  ['MATUTINO', 'Matutino'],
  ['VESPERTINO', 'Vespertino'],
  ['NOTURNO', 'Noturno'],
  ['INTEGRAL', 'Integral'],
  ['EAD', 'Educação a distância'],
];
/** How often a course runs in each shift (same order as SHIFTS): most credit students study at night. */
export const SHIFT_WEIGHTS = [20, 5, 50, 10, 15];

export const IE_KINDS = [
  ['Faculdade', 'F', 45],
  ['Centro Universitário', 'UNI', 30],
  ['Universidade', 'U', 25],
] as const;

const words = (text: string): readonly string[] => text.split('|');

/** Patrons and names Brazilian private IEs are commonly named after. */
export const IE_PATRONS = words(
  `Dom Bosco|São Francisco|Santa Cecília|Padre Anchieta|Tiradentes|Machado de Assis|Rui Barbosa|` +
    `Santos Dumont|Cecília Meireles|Anita Garibaldi|Monteiro Lobato|Oswaldo Cruz|Carlos Chagas|` +
    `Castro Alves|Paulo Freire|Darcy Ribeiro|Cora Coralina|Villa-Lobos|Cândido Portinari|` +
    `São Judas Tadeu|Santa Teresa|Nossa Senhora Aparecida|São Lucas|Dom Pedro II|Marechal Rondon|` +
    `Joaquim Nabuco|Barão de Mauá|Visconde de Cairu|Getúlio Vargas|Anísio Teixeira|Clarice Lispector|` +
    `Jorge Amado|Carlos Drummond|Vale do Sol|Vale do Rio Verde|Serra Azul|Planalto Central|` +
    `Integrada do Litoral|Metropolitana|Do Vale|Regional do Norte|Santa Rita|São Camilo|` +
    `Sagrado Coração|Bom Jesus|São Bento|Adventista do Sul|Evangélica do Cerrado|Mater Dei|Ateneu|` +
    `Horizonte|Nova Esperança|Atlântico Sul|Pampa|Araucária|Ipê Amarelo|Jequitibá`,
);

export const GROUP_PREFIXES = [
  'Grupo Educacional',
  'Instituto de Ensino',
  'Associação Educacional',
  'Sociedade de Educação',
  'Fundação Educacional',
  'Mantenedora',
];
