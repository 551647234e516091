/** Common Brazilian given names and surnames (IBGE's most frequent), for students' names. */

const words = (text: string): readonly string[] => text.split('|');

export const FIRST_NAMES_F = words(
  `Maria|Ana|Francisca|Antônia|Adriana|Juliana|Márcia|Fernanda|Patrícia|Aline|Sandra|Camila|Amanda|` +
    `Bruna|Jéssica|Letícia|Júlia|Luciana|Vanessa|Mariana|Gabriela|Vera|Vitória|Larissa|Cláudia|` +
    `Beatriz|Luana|Rita|Sônia|Renata|Eliane|Josefa|Simone|Natália|Cristiane|Carla|Débora|Rosângela|` +
    `Jaqueline|Rosa|Daniela|Aparecida|Marlene|Terezinha|Raimunda|Andréa|Fabiana|Lúcia|Raquel|Ângela|` +
    `Rafaela|Joana|Luzia|Elaine|Daniele|Regina|Daiane|Sabrina|Isabela|Alessandra|Tatiane|Priscila|` +
    `Bianca|Carolina|Helena|Alice|Laura|Manuela|Valentina|Sophia|Heloísa|Lívia|Cecília|Eduarda|Lorena|` +
    `Yasmin|Clara|Isadora|Rebeca|Milena|Thaís|Kelly|Paula|Michele|Lara|Nicole|Emanuelly|Giovanna|` +
    `Stephanie|Taís`,
);

export const FIRST_NAMES_M = words(
  `José|João|Antônio|Francisco|Carlos|Paulo|Pedro|Lucas|Luiz|Marcos|Luís|Gabriel|Rafael|Daniel|` +
    `Marcelo|Bruno|Eduardo|Felipe|Raimundo|Rodrigo|Manoel|Mateus|André|Fernando|Fábio|Leonardo|` +
    `Gustavo|Guilherme|Leandro|Tiago|Anderson|Ricardo|Márcio|Jorge|Sebastião|Alexandre|Roberto|Edson|` +
    `Diego|Vitor|Sérgio|Cláudio|Matheus|Thiago|Geraldo|Adriano|Luciano|Júlio|Renato|Alex|Vinícius|` +
    `Rogério|Samuel|Ronaldo|Mário|Flávio|Igor|Douglas|Davi|Arthur|Heitor|Bernardo|Enzo|Miguel|Lorenzo|` +
    `Théo|Nicolas|Samuel|Benício|Joaquim|Caio|Murilo|Henrique|Otávio|Breno|Wesley|Jonathan|Kauã|Ruan|` +
    `Ítalo|Wellington|Everton|Cristiano|Hugo|Emanuel|Raul|Renan|Yuri|Danilo|Rômulo`,
);

export const SURNAMES = words(
  `Silva|Santos|Oliveira|Souza|Rodrigues|Ferreira|Alves|Pereira|Lima|Gomes|Costa|Ribeiro|Martins|` +
    `Carvalho|Almeida|Lopes|Soares|Fernandes|Vieira|Barbosa|Rocha|Dias|Nascimento|Andrade|Moreira|` +
    `Nunes|Marques|Machado|Mendes|Freitas|Cardoso|Ramos|Gonçalves|Santana|Teixeira|Araújo|Pinto|` +
    `Correia|Cavalcanti|Monteiro|Moura|Batista|Campos|Borges|Melo|Cunha|Farias|Barros|Pires|Azevedo|` +
    `Castro|Rezende|Miranda|Tavares|Coelho|Medeiros|Nogueira|Reis|Sales|Xavier|Brito|Siqueira|Macedo|` +
    `Fonseca|Queiroz|Bezerra|Aguiar|Pacheco|Guimarães|Magalhães|Leite|Sampaio|Mota|Peixoto|Amaral|` +
    `Duarte|Figueiredo|Lacerda|Prado|Bastos|Assis|Viana|Rangel|Brandão|Valente|Sousa|Matos|Neves|` +
    `Fontes|Camargo|Toledo|Bittencourt|Albuquerque|Paiva|Lins|Porto|Vasconcelos|Holanda|Chaves|Torres`,
);

/** Surnames commonly written with a particle ("da Silva", "dos Santos"). */
export const PARTICLE: Record<string, string> = {
  Silva: 'da',
  Santos: 'dos',
  Costa: 'da',
  Rocha: 'da',
  Cunha: 'da',
  Conceição: 'da',
  Nascimento: 'do',
  Assis: 'de',
  Souza: 'de',
  Paula: 'de',
  Reis: 'dos',
  Anjos: 'dos',
};

export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'email.example', 'mail.example'];
