import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import {
  type EmojiData,
  type EmojiDataResolver,
  EmojiPicker,
  type EmojiPickerListCategoryHeaderProps,
  type EmojiPickerListEmojiProps,
  type EmojiPickerListRowProps,
} from 'frimousse'
import type { Emoji as EmojibaseEmoji, MessagesDataset } from 'emojibase'
import type { ReactionPickerProps } from '../../machines/reactions'

/**
 * The full emoji picker (frimousse: search, categories, skin tones, keyboard), with the chat's
 * channel's custom emoji as a "Custom" category above it. Loaded on demand (React.lazy in
 * reaction-bar.tsx); its emoji data (emojibase, the reader's language) is a chunk of its own,
 * imported when the picker first asks for it: nothing of it is in the app's first load.
 */

/** Emoji newer than this are left out: the platform fonts of the app's readers may not draw them yet. */
const EMOJI_VERSION_MAX = 15

const TONES = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'] as const
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** emojibase's dataset and messages as frimousse takes them (what frimousse does with the same files it fetches itself). */
function toPickerData(locale: EmojiData['locale'], emojis: EmojibaseEmoji[], messages: MessagesDataset): EmojiData {
  const flags = messages.subgroups.find((s) => s.key === 'country-flag' || s.key === 'subdivision-flag')
  const groups = messages.groups.filter((g) => g.key !== 'component')
  const skinTones = Object.fromEntries(messages.skinTones.map((s) => [s.key, capitalized(s.message)])) as EmojiData['skinTones']
  return {
    locale,
    categories: groups.map((g) => ({ index: g.order, label: capitalized(g.message) })),
    skinTones,
    emojis: emojis
      .filter((e) => e.group !== undefined && e.version <= EMOJI_VERSION_MAX)
      .map((e) => {
        const toned = e.skins?.filter((s) => typeof s.tone === 'number')
        const skins = toned?.length
          ? (Object.fromEntries(toned.map((s) => [TONES[(s.tone as number) - 1], s.emoji])) as Record<(typeof TONES)[number], string>)
          : undefined
        return {
          emoji: e.emoji,
          category: e.group!,
          version: e.version,
          label: capitalized(e.label),
          tags: e.tags ?? [],
          countryFlag: flags && e.subgroup === flags.order ? true : undefined,
          skins,
        }
      }),
  }
}

const resolveEmojiData: EmojiDataResolver = async (locale) => {
  const [emojis, messages] =
    locale === 'vi'
      ? await Promise.all([import('emojibase-data/vi/data.json'), import('emojibase-data/vi/messages.json')])
      : await Promise.all([import('emojibase-data/en/data.json'), import('emojibase-data/en/messages.json')])
  return toPickerData(locale === 'vi' ? 'vi' : 'en', emojis.default, messages.default)
}

function CategoryHeader({ category, ...props }: EmojiPickerListCategoryHeaderProps) {
  return (
    <div {...props} className="bg-white px-3 pb-1 pt-2 text-xs font-semibold text-slate-600">
      {category.label}
    </div>
  )
}

/**
 * frimousse numbers rows and columns from 0, which ARIA does not allow (aria-rowindex and
 * aria-colindex start at 1): the first row goes without its index (frimousse scrolls to the top for
 * it without looking it up), and columns are numbered from 1 (frimousse never looks them up).
 */
function Row({ children, ...props }: EmojiPickerListRowProps) {
  const rowIndex = props['aria-rowindex']
  return (
    <div {...props} aria-rowindex={rowIndex ? rowIndex : undefined} className="scroll-my-1 px-1">
      {children}
    </div>
  )
}

function EmojiButton({ emoji, ...props }: EmojiPickerListEmojiProps) {
  return (
    <button
      {...props}
      aria-colindex={(props['aria-colindex'] ?? 0) + 1}
      className="flex size-10 items-center justify-center rounded-md text-2xl data-[active]:bg-slate-100"
    >
      {emoji.emoji}
    </button>
  )
}

export default function ReactionPicker({ custom, loadingCustom, onPick }: ReactionPickerProps) {
  const { t, i18n } = useLingui()
  const [search, setSearch] = useState('')
  const query = search.trim().toLowerCase()
  const shown = custom.filter((e) => e.shortcode.includes(query.replace(/:/g, '')))
  return (
    <EmojiPicker.Root
      locale={i18n.locale === 'vi' ? 'vi' : 'en'}
      columns={8}
      resolveEmojiData={resolveEmojiData}
      onEmojiSelect={({ emoji }) => onPick(emoji)}
      className="flex h-[min(420px,70dvh)] w-full flex-col"
    >
      <div className="flex items-center gap-2 p-3">
        <EmojiPicker.Search
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-label={t`Search emoji`}
          placeholder={t`Search emoji`}
          className="min-h-10 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-base sm:text-sm"
        />
        <EmojiPicker.SkinToneSelector
          aria-label={t`Change skin tone`}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-slate-300 text-xl hover:bg-slate-50"
        />
      </div>
      {shown.length || loadingCustom ? (
        <section aria-label={t`Custom`} className="border-b border-slate-100 px-3 pb-2">
          <h3 className="pb-1 text-xs font-semibold text-slate-600">{t`Custom`}</h3>
          {loadingCustom ? (
            <p role="status" className="text-xs text-slate-500">{t`Loading custom emoji…`}</p>
          ) : (
            <ul className="flex flex-wrap gap-1">
              {shown.map((e) => {
                const code = `:${e.shortcode}:`
                return (
                  <li key={e._id}>
                    <button
                      type="button"
                      aria-label={t`React with ${code}`}
                      title={code}
                      onClick={() => onPick(code)}
                      className="flex size-10 items-center justify-center rounded-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <img src={e.image_url} alt="" className="size-7 object-contain" />
                    </button>
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      ) : null}
      <EmojiPicker.Viewport aria-label={t`Emoji`} className="relative min-h-0 flex-1 outline-none">
        <EmojiPicker.Loading className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">
          {t`Loading emoji…`}
        </EmojiPicker.Loading>
        <EmojiPicker.Empty className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">
          {t`No emoji found`}
        </EmojiPicker.Empty>
        <EmojiPicker.List className="select-none pb-2" components={{ CategoryHeader, Row, Emoji: EmojiButton }} />
      </EmojiPicker.Viewport>
    </EmojiPicker.Root>
  )
}
