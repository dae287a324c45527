import type { KlassGroupTranslations } from '@atelier/contract';

// The demo catalogue in Japanese (docs/architecture.md#translated-content): what a school that
// teaches Japanese families would write beside its English, keyed by the English demo data.

type JaText = NonNullable<KlassGroupTranslations['ja']>;

/** Programmes by slug. */
export const PROGRAMMES_JA: Record<string, JaText> = {
  'observational-drawing': {
    name: '観察デッサン',
    description:
      '静物、植物、貝殻、そして友だち。よく「見る」ことを学びます。毎回ひとつの技法（輪郭、比率、光と影）を鉛筆・木炭・インクで身につけ、最後は小さなギャラリーウォークで気づいたことを発表します。',
  },
  'comics-drawing': {
    name: 'マンガを描こう',
    description:
      'ラフスケッチから完成したミニコミックまで。キャラクター、コマ割り、吹き出し、描き文字を学び、学期を通して自分の短いお話を描いて、印刷した冊子（ジン）を持ち帰ります。',
  },
  'art-science': {
    name: 'アートとサイエンス',
    description:
      'ルーペで見る植物スケッチ、昆虫のからだのつくり、雲の水彩画、日光で焼き付けるサイアノタイプ。好奇心いっぱいの子どもたちが、科学者のように観察し、アーティストのように記録します。',
  },
  'summer-art-camp': {
    name: 'サマーアートキャンプ',
    description:
      '絵の具、版画、粘土、コラージュの1週間。天気が良ければ公園で屋外スケッチも。お弁当をご持参ください。17:00までの延長保育もあります。',
  },
  'studio-hours': {
    name: 'スタジオアワー',
    description:
      'ものづくりが大好きな子どものためのオープンスタジオ。イーゼルと絵の具がそろい、先生がアドバイスやアイデアでサポートします。毎週でも、来られるときだけでも。',
  },
  'open-house': {
    name: 'オープンハウス',
    description:
      'ご家族でスタジオを見学し、先生に会い、ミニレッスンを体験し、壁に並ぶ生徒の作品をご覧ください。無料。保護者の予約は不要です。お子さま一人ひとりの席をご予約ください。',
  },
  'portfolio-support': {
    name: 'ポートフォリオサポート',
    description:
      '美術高校、プレカレッジ、美術大学をめざす10代のために。観察デッサンを軸にした作品群、個人プロジェクト、マンツーマンの講評、志望理由書の指導まで。',
  },
  'private-instruction': {
    name: 'プライベートレッスン',
    description:
      '生徒に合わせたマンツーマンレッスン。苦手な技法の克服、作品の仕上げ、ポートフォリオの締め切りなど。レッスンはスタジオで行います。',
  },
  'figure-drawing': {
    name: '人物デッサン',
    description:
      'ライブモデルによる自由制作とガイド付きのセッション。ジェスチャーのウォームアップ、長いポーズ、短い講評。どなたでも歓迎。画材は持参するか、キットをご購入ください。18歳以上。',
  },
  'drawing-lab': {
    name: 'ドローイングラボ',
    description:
      '家族みんなで参加できるオンラインのライブ授業。短いデモンストレーションのあと先生と一緒に描き、最後にカメラで作品を見せ合います。紙と鉛筆があれば大丈夫。',
  },
  'special-events': {
    name: 'スペシャルイベント',
    description:
      '一度きりの全年齢向けワークショップ。親子版画デー、ゲストアーティストの実演、学期末の生徒作品展など。',
  },
};

/** Plans by the seed's key. */
export const PLAN_NAMES_JA: Record<string, string> = {
  perClass: '1回ごとのお支払い',
  term: '学期授業料',
  monthly: '月額メンバーシップ',
  dropIn: 'ドロップイン',
  free: '参加無料',
  camp: 'キャンプ1週間',
  private: 'プライベートレッスン',
  online: 'オンラインクラス',
  portfolio: 'ポートフォリオ学期',
};

/** Add-ons by their English name. */
export const ADDON_NAMES_JA: Record<string, string> = {
  'Materials kit': '画材キット',
  Sketchbook: 'スケッチブック',
  'Zine printing': 'ジンの印刷',
  'Extended day (15:00–17:00, all week)': '延長保育（15:00–17:00、1週間）',
  'Portfolio printing and mounting': 'ポートフォリオの印刷とマウント',
  'Model fee': 'モデル料',
  'Newsprint pad and charcoal': 'クロッキー帳と木炭',
  'Tote bag to print on': 'プリント用トートバッグ',
};

const TERM_LABELS_JA: Record<string, string> = {
  'Saturdays 10:00–12:00': '毎週土曜 10:00–12:00',
  'Wednesdays 16:00–17:30': '毎週水曜 16:00–17:30',
  'Sundays 13:00–14:30': '毎週日曜 13:00–14:30',
  'Tuesdays 17:00–19:00': '毎週火曜 17:00–19:00',
  'Tuesdays 19:00–21:30': '毎週火曜 19:00–21:30',
  'Saturdays 15:00–16:00 (online)': '毎週土曜 15:00–16:00（オンライン）',
};

/** Schedules by their English name. */
export const SCHEDULE_NAMES_JA: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(TERM_LABELS_JA).flatMap(([en, ja]) => [
      [`Current term · ${en}`, `今学期 · ${ja}`],
      [`Next term · ${en}`, `来学期 · ${ja}`],
    ]),
  ),
  'Camp week 1 · Mon–Fri 9:00–15:00': 'キャンプ第1週 · 月–金 9:00–15:00',
  'Camp week 2 · Mon–Fri 9:00–15:00': 'キャンプ第2週 · 月–金 9:00–15:00',
  'Open studio · Thursdays 15:30–17:30': 'オープンスタジオ · 毎週木曜 15:30–17:30',
  'Open House · Saturday 14:00–16:00': 'オープンハウス · 土曜 14:00–16:00',
  'Mondays 16:00–17:00': '毎週月曜 16:00–17:00',
  'Fridays 17:00–18:00': '毎週金曜 17:00–18:00',
  'Family Printmaking Day · Sunday 11:00–15:00': '親子版画デー · 日曜 11:00–15:00',
  'Student Exhibition Opening · Friday 18:00–20:00': '生徒作品展オープニング · 金曜 18:00–20:00',
};

/** `{ ja: { name } }` for an English name in `names`, or no translations. */
export const jaName = (names: Record<string, string>, key: string) => {
  const name = names[key];
  return name ? { ja: { name } } : {};
};
