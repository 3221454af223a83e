import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'

/**
 * Content of the documents modal: three groups, each a tab,
 * each holding step-by-step guides as disclosure sections.
 */
export type DocumentsGroupId = 'group' | 'channel' | 'calendar'

interface Guide {
  id: string
  title: MessageDescriptor
  summary: MessageDescriptor
  steps: MessageDescriptor[]
}

interface Group {
  id: DocumentsGroupId
  label: MessageDescriptor
  description: MessageDescriptor
  guides: Guide[]
}

export const DOCUMENT_GROUPS: Group[] = [
  {
    id: 'group',
    label: msg`Group`,
    description: msg`Group chats bring a few people together around one subject.`,
    guides: [
      {
        id: 'create-group',
        title: msg`Create a group`,
        summary: msg`Start a group chat with the people you work with.`,
        steps: [
          msg`Open Chats from the sidebar and press the + button.`,
          msg`Choose "New group", then type a name and pick an avatar if you like.`,
          msg`Add members by searching their name or workid.`,
          msg`Press Create. The group appears at the top of your chat list and members are notified.`,
        ],
      },
      {
        id: 'move-group',
        title: msg`Move a group to a channel`,
        summary: msg`Give a group a home in your organisation's channel.`,
        steps: [
          msg`Open the group and press its name to see the group info.`,
          msg`Choose "Move to channel".`,
          msg`Pick one of the channels you administer and confirm.`,
          msg`The group and its history now live in that channel; members who were not in the channel are invited to join it.`,
        ],
      },
      {
        id: 'whiteboard',
        title: msg`Use the whiteboard`,
        summary: msg`Sketch ideas together in real time.`,
        steps: [
          msg`In a group, open the + menu beside the message box and choose Whiteboard.`,
          msg`Draw with the pen, add shapes, sticky notes and text; everyone in the group sees changes live.`,
          msg`Press Save to post a picture of the board in the chat, so the result stays with the conversation.`,
        ],
      },
    ],
  },
  {
    id: 'channel',
    label: msg`Channel`,
    description: msg`A channel is the workspace of your company, school or community.`,
    guides: [
      {
        id: 'create-channel',
        title: msg`Create a channel`,
        summary: msg`Set up a workspace for your organisation.`,
        steps: [
          msg`Open the account drawer from your avatar and press "Create channel".`,
          msg`Enter a name of up to 75 characters and a short description.`,
          msg`Choose public, or private with a password of at least 6 characters, and add a banner image.`,
          msg`Press Create. You become the channel's owner and can invite members with its link.`,
        ],
      },
      {
        id: 'chatbot',
        title: msg`Build a chatbot`,
        summary: msg`Answer common questions automatically, day and night.`,
        steps: [
          msg`In your channel, open Chatbot and press "Create chatbot".`,
          msg`Write a welcome message, then add the questions visitors ask and your answers.`,
          msg`Mark the answers that should ask for contact details, so they become leads in the CRM.`,
          msg`Publish the bot and share its link or embed it on your website. "Tracking questions" shows what people asked.`,
        ],
      },
      {
        id: 'crm',
        title: msg`Manage leads in the CRM`,
        summary: msg`Follow every potential customer from first contact to sale.`,
        steps: [
          msg`In your channel, open CRM and set the stages of your sales process, for example New, Contacted and Won.`,
          msg`Add a lead by hand with "Create", or let the chatbot and booking page add them for you.`,
          msg`Open a lead to edit its details, add notes and assign a teammate.`,
          msg`Move the lead to the next stage as it progresses, and send it an email from your templates.`,
        ],
      },
    ],
  },
  {
    id: 'calendar',
    label: msg`Calendar`,
    description: msg`Reminders, bookable slots and the bookings people make with you.`,
    guides: [
      {
        id: 'create-reminder',
        title: msg`Create a reminder`,
        summary: msg`Never miss a deadline or a follow-up.`,
        steps: [
          msg`Open Calendar from the sidebar and press "New reminder".`,
          msg`Write what you need to remember and pick the date and time.`,
          msg`Optionally choose a topic, so the reminder is posted there for everyone.`,
          msg`Save. When it is due you get a notification with the time shown as HH:MM DD/MM.`,
        ],
      },
      {
        id: 'create-slot',
        title: msg`Create your slots`,
        summary: msg`Publish the times when people can book you.`,
        steps: [
          msg`In Calendar, open "Bookings" and choose "Create your slots".`,
          msg`Pick the days of the week, the start and end times and how long each appointment lasts.`,
          msg`Add a title and a short description that guests will see.`,
          msg`Save, then copy your booking link to share it.`,
        ],
      },
      {
        id: 'booking',
        title: msg`Take bookings`,
        summary: msg`Let clients and students book a free slot themselves.`,
        steps: [
          msg`Share your booking link in a chat, an email template or on your website.`,
          msg`Guests open it, choose a free slot and enter their name and email.`,
          msg`You get a notification and the request appears under Bookings in your calendar, where you approve or decline it.`,
          msg`The guest is told when you approve, and both of you are reminded an hour before the appointment.`,
        ],
      },
    ],
  },
]

function GroupArt({ id }: { id: DocumentsGroupId }) {
  const colors = { group: '#6366f1', channel: '#0ea5e9', calendar: '#f59e0b' }
  return (
    <svg viewBox="0 0 64 64" className="h-12 w-12 shrink-0" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill={colors[id]} opacity="0.15" />
      {id === 'group' ? (
        <g fill={colors[id]}>
          <circle cx="24" cy="26" r="7" />
          <circle cx="40" cy="26" r="7" />
          <path d="M12 48c0-8 5-13 12-13s12 5 12 13zM28 48c0-8 5-13 12-13s12 5 12 13z" />
        </g>
      ) : id === 'channel' ? (
        <g fill="none" stroke={colors[id]} strokeWidth="4" strokeLinecap="round">
          <path d="M18 22h28M18 32h28M18 42h18M26 14v36" />
        </g>
      ) : (
        <g fill="none" stroke={colors[id]} strokeWidth="4" strokeLinejoin="round">
          <rect x="14" y="18" width="36" height="32" rx="4" />
          <path d="M14 28h36M24 12v10M40 12v10" strokeLinecap="round" />
        </g>
      )}
    </svg>
  )
}

export interface DocumentsGuideProps {
  /** Which group's tab is selected first. */
  initialGroup?: DocumentsGroupId
}

export function DocumentsGuide({ initialGroup = 'group' }: DocumentsGuideProps) {
  const { t } = useLingui()
  const baseId = useId()
  const [selected, setSelected] = useState<DocumentsGroupId>(initialGroup)
  const [expanded, setExpanded] = useState<string | null>(DOCUMENT_GROUPS.find((g) => g.id === initialGroup)?.guides[0].id ?? null)
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({})

  const select = (id: DocumentsGroupId, focus = false) => {
    setSelected(id)
    setExpanded(DOCUMENT_GROUPS.find((g) => g.id === id)!.guides[0].id)
    if (focus) tabRefs.current[id]?.focus()
  }

  // WAI-ARIA tabs: arrows move between tabs (both axes, the list is vertical on wide screens
  // and horizontal on narrow ones), Home and End jump to the ends.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = DOCUMENT_GROUPS.findIndex((g) => g.id === selected)
    const last = DOCUMENT_GROUPS.length - 1
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    select(DOCUMENT_GROUPS[next].id, true)
  }

  const group = DOCUMENT_GROUPS.find((g) => g.id === selected)!

  return (
    <div className="flex min-h-0 flex-col gap-4 md:flex-row md:gap-0">
      <div className="md:w-[254px] md:shrink-0 md:border-r md:border-slate-200 md:pr-4">
        <h2 id={`${baseId}-heading`} className="px-1 text-lg font-semibold text-slate-900">
          <Trans>Guides</Trans>
        </h2>
        <div
          role="tablist"
          aria-labelledby={`${baseId}-heading`}
          aria-orientation="vertical"
          className="mt-3 flex gap-2 overflow-x-auto md:flex-col md:overflow-visible"
        >
          {DOCUMENT_GROUPS.map((g) => {
            const isSelected = g.id === selected
            return (
              <button
                key={g.id}
                ref={(el) => {
                  tabRefs.current[g.id] = el
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${g.id}`}
                aria-selected={isSelected}
                aria-controls={`${baseId}-panel-${g.id}`}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => select(g.id)}
                onKeyDown={onTabKeyDown}
                className={`flex shrink-0 items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${
                  isSelected ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                {t(g.label)}
                <span className={`ml-auto rounded-full px-2 text-xs ${isSelected ? 'bg-indigo-500' : 'bg-slate-100 text-slate-600'}`}>
                  {g.guides.length}
                </span>
              </button>
            )
          })}
        </div>
      </div>

      {DOCUMENT_GROUPS.map((g) => (
        <div
          key={g.id}
          role="tabpanel"
          id={`${baseId}-panel-${g.id}`}
          aria-labelledby={`${baseId}-tab-${g.id}`}
          hidden={g.id !== selected}
          tabIndex={0}
          className="min-w-0 flex-1 focus-visible:outline-2 focus-visible:outline-indigo-500 md:pl-6"
        >
          {g.id === group.id ? (
            <>
              <div className="flex items-center gap-4">
                <GroupArt id={g.id} />
                <p className="text-sm text-slate-600">{t(g.description)}</p>
              </div>
              <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
                {g.guides.map((guide) => {
                  const open = expanded === guide.id
                  const regionId = `${baseId}-guide-${guide.id}`
                  return (
                    <li key={guide.id}>
                      <h3>
                        <button
                          type="button"
                          id={`${regionId}-button`}
                          aria-expanded={open}
                          aria-controls={regionId}
                          onClick={() => setExpanded(open ? null : guide.id)}
                          className="flex w-full items-center gap-3 px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
                        >
                          <span className="flex-1">
                            <span className="block font-semibold text-slate-900">{t(guide.title)}</span>
                            <span className="block text-sm text-slate-500">{t(guide.summary)}</span>
                          </span>
                          <svg
                            viewBox="0 0 20 20"
                            className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
                            aria-hidden="true"
                            focusable="false"
                          >
                            <path
                              d="M5 8l5 5 5-5"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth="2"
                              strokeLinecap="round"
                              strokeLinejoin="round"
                            />
                          </svg>
                        </button>
                      </h3>
                      <div id={regionId} role="region" aria-labelledby={`${regionId}-button`} hidden={!open} className="px-4 pb-4">
                        <ol className="space-y-3">
                          {guide.steps.map((step, i) => (
                            <li key={step.id} className="flex gap-3 text-sm leading-6 text-slate-700">
                              <span
                                className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-bold text-indigo-700"
                                aria-hidden="true"
                              >
                                {i + 1}
                              </span>
                              <span>{t(step)}</span>
                            </li>
                          ))}
                        </ol>
                      </div>
                    </li>
                  )
                })}
              </ul>
            </>
          ) : null}
        </div>
      ))}
    </div>
  )
}
