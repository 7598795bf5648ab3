import type { RoadmapStatus } from '../../../src/contract'

export type SeedRoadmapItem = {
  slug: string
  status: RoadmapStatus
  titleEn: string
  titleEs: string
  descriptionEn: string
  descriptionEs: string
}

/**
 * The product's real roadmap, column by column, in the order the page shows it (the seed numbers each
 * column 0, 1, 2…). Shipped is what the marketplace does today; in progress and planned are the issues under
 * way and the ones after them. Edit here when the roadmap moves: the seed updates items no admin has touched.
 */
export const ROADMAP_SEED: readonly SeedRoadmapItem[] = [
  // Shipped
  {
    slug: 'invitations-waitlist',
    status: 'shipped',
    titleEn: 'Invitation-only access and waitlist',
    titleEs: 'Acceso por invitación y lista de espera',
    descriptionEn:
      'Members join through an invitation link. Anyone else can ask for access and waits on the list until there is room.',
    descriptionEs:
      'Los miembros entran con un enlace de invitación. Cualquier otra persona puede pedir acceso y espera en la lista hasta que haya sitio.',
  },
  {
    slug: 'listings-calculator',
    status: 'shipped',
    titleEn: 'Listings with photos and a deal calculator',
    titleEs: 'Publicaciones con fotos y calculadora de operaciones',
    descriptionEn:
      'Sellers list cash and creative-finance deals with photos and terms. Each listing works out the monthly payment and the cash needed to close.',
    descriptionEs:
      'Los vendedores publican operaciones de contado y de financiación creativa con fotos y condiciones. Cada publicación calcula el pago mensual y el dinero necesario para cerrar.',
  },
  {
    slug: 'browse-map',
    status: 'shipped',
    titleEn: 'Browse with filters and a map',
    titleEs: 'Búsqueda con filtros y mapa',
    descriptionEn:
      'Search deals by place, price, property and deal type, see them on a map, and save the ones you like.',
    descriptionEs:
      'Busca operaciones por lugar, precio, tipo de propiedad y de operación, míralas en un mapa y guarda las que te gusten.',
  },
  {
    slug: 'conversations-realtime',
    status: 'shipped',
    titleEn: 'Conversations and live notifications',
    titleEs: 'Conversaciones y avisos al instante',
    descriptionEn:
      'Buyers and sellers message each other about a deal. New messages and notices appear at once, without reloading the page.',
    descriptionEs:
      'Compradores y vendedores se escriben sobre una operación. Los mensajes y avisos nuevos aparecen al momento, sin recargar la página.',
  },
  {
    slug: 'offers',
    status: 'shipped',
    titleEn: 'Offers and acceptance',
    titleEs: 'Ofertas y aceptación',
    descriptionEn:
      'Buyers make offers on a listing. The seller reviews them and accepts one, and everyone who made an offer is told.',
    descriptionEs:
      'Los compradores hacen ofertas sobre una publicación. El vendedor las revisa y acepta una, y se avisa a todos los que ofertaron.',
  },
  {
    slug: 'offer-webhooks',
    status: 'shipped',
    titleEn: 'Offer webhooks',
    titleEs: 'Webhooks de ofertas',
    descriptionEn:
      'Sellers can have each new or accepted offer sent to their own system, signed so they can check it came from us.',
    descriptionEs:
      'Los vendedores pueden recibir cada oferta nueva o aceptada en su propio sistema, firmada para que comprueben que viene de nosotros.',
  },
  {
    slug: 'dashboard',
    status: 'shipped',
    titleEn: 'Dashboards for buyers and sellers',
    titleEs: 'Paneles para compradores y vendedores',
    descriptionEn:
      'Your listings, offers, interests and conversations in one place, with CSV exports of offers and interested buyers for sellers.',
    descriptionEs:
      'Tus publicaciones, ofertas, intereses y conversaciones en un solo lugar, con exportación a CSV de ofertas y compradores interesados para los vendedores.',
  },
  {
    slug: 'spanish',
    status: 'shipped',
    titleEn: 'English and Spanish',
    titleEs: 'Inglés y español',
    descriptionEn: 'The whole site and its e-mails in English or Spanish. Your choice is saved to your account.',
    descriptionEs: 'Todo el sitio y sus correos en inglés o en español. Tu elección se guarda en tu cuenta.',
  },
  // In progress
  {
    slug: 'admin-panel',
    status: 'in_progress',
    titleEn: 'Admin panel and seller approval',
    titleEs: 'Panel de administración y aprobación de vendedores',
    descriptionEn:
      'Our team lets people in from the waitlist, approves requests to sell and manages accounts, with a record of every change.',
    descriptionEs:
      'Nuestro equipo da entrada a quienes esperan en la lista, aprueba las solicitudes para vender y gestiona las cuentas, con un registro de cada cambio.',
  },
  {
    slug: 'feedback',
    status: 'in_progress',
    titleEn: 'Feedback from any page',
    titleEs: 'Comentarios desde cualquier página',
    descriptionEn: 'Report a problem, suggest an idea or ask a question from where you are, and see what became of it.',
    descriptionEs:
      'Informa de un problema, sugiere una idea o haz una pregunta desde donde estés, y mira qué pasó con ella.',
  },
  {
    slug: 'roadmap',
    status: 'in_progress',
    titleEn: 'Public roadmap with votes',
    titleEs: 'Hoja de ruta pública con votos',
    descriptionEn: 'This page: what we have built, what we are building, and a vote on what comes next.',
    descriptionEs: 'Esta página: lo que hemos hecho, lo que estamos haciendo y un voto sobre lo que viene después.',
  },
  {
    slug: 'buyer-training',
    status: 'in_progress',
    titleEn: 'Buyer training and the Certified Buyer badge',
    titleEs: 'Formación para compradores e insignia de Comprador Certificado',
    descriptionEn:
      'Short lessons with quizzes on how creative-finance deals work and what to check. Finish them all to become a Certified Buyer and hear about new deals first.',
    descriptionEs:
      'Lecciones breves con preguntas sobre cómo funcionan las operaciones de financiación creativa y qué revisar. Complétalas todas para ser Comprador Certificado y enterarte antes de las operaciones nuevas.',
  },
  {
    slug: 'help-centre',
    status: 'in_progress',
    titleEn: 'Help centre',
    titleEs: 'Centro de ayuda',
    descriptionEn:
      'Articles and answers in English and Spanish that you can search, and a place to ask your own question.',
    descriptionEs:
      'Artículos y respuestas en inglés y en español que puedes buscar, y un lugar para hacer tu propia pregunta.',
  },
  // Planned
  {
    slug: 'matching',
    status: 'planned',
    titleEn: 'Match scores with reasons',
    titleEs: 'Puntuación de coincidencia con sus motivos',
    descriptionEn:
      'See how well each listing fits what you are looking for, from 0 to 100, and why: for example, its monthly payment against your maximum.',
    descriptionEs:
      'Mira cuánto encaja cada publicación con lo que buscas, de 0 a 100, y por qué: por ejemplo, su pago mensual frente a tu máximo.',
  },
  {
    slug: 'alerts',
    status: 'planned',
    titleEn: 'Deal alerts at your pace and saved searches',
    titleEs: 'Alertas de operaciones a tu ritmo y búsquedas guardadas',
    descriptionEn:
      'New matching deals by e-mail, text or push, right away, daily or weekly, as you choose. Save a search and be told when something new fits it.',
    descriptionEs:
      'Operaciones nuevas que encajan contigo por correo, SMS o notificación, al momento, a diario o cada semana, como prefieras. Guarda una búsqueda y te avisamos cuando haya algo nuevo.',
  },
  {
    slug: 'seller-analytics',
    status: 'planned',
    titleEn: 'Listing analytics for sellers',
    titleEs: 'Estadísticas de publicaciones para vendedores',
    descriptionEn:
      'Views, favorites, interests and offers on each listing over time, compared with similar listings nearby, and offers compared by what they are worth.',
    descriptionEs:
      'Visitas, favoritos, intereses y ofertas de cada publicación a lo largo del tiempo, comparadas con publicaciones parecidas de la zona, y ofertas comparadas por lo que valen.',
  },
  {
    slug: 'buyer-maps',
    status: 'planned',
    titleEn: 'Buyer demand by ZIP code',
    titleEs: 'Demanda de compradores por código postal',
    descriptionEn:
      'A map of where buyers want to buy and what they can pay, by ZIP code, without ever showing who they are.',
    descriptionEs:
      'Un mapa de dónde quieren comprar los compradores y cuánto pueden pagar, por código postal, sin mostrar nunca quiénes son.',
  },
  {
    slug: 'owners-club',
    status: 'planned',
    titleEn: 'Owners Club',
    titleEs: 'Club de Propietarios',
    descriptionEn: 'A directory and map of sellers and their markets, so members can find each other and talk.',
    descriptionEs:
      'Un directorio y un mapa de vendedores y sus mercados, para que los miembros se encuentren y hablen.',
  },
  {
    slug: 'scale',
    status: 'planned',
    titleEn: 'Ready for many more members',
    titleEs: 'Preparados para muchos más miembros',
    descriptionEn:
      'The marketplace runs on several servers at once and keeps photos in cloud storage, so it stays up as it grows.',
    descriptionEs:
      'El mercado funciona en varios servidores a la vez y guarda las fotos en la nube, para que siga disponible mientras crece.',
  },
  {
    slug: 'speed-security',
    status: 'planned',
    titleEn: 'Faster pages and stronger security',
    titleEs: 'Páginas más rápidas y más seguridad',
    descriptionEn:
      'Quicker search and listing pages when many people use them at once, security checks on every part of the site, and regular backups.',
    descriptionEs:
      'Búsquedas y publicaciones más rápidas aunque muchas personas las usen a la vez, controles de seguridad en todo el sitio y copias de seguridad periódicas.',
  },
]
