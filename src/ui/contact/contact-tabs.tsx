import type { ReactNode } from 'react'
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { Trans } from '@lingui/react/macro'

const tabClass =
  'shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[selected]:bg-indigo-50 data-[selected]:text-indigo-700'

/** /contact: friends, friend requests, archived friends and blocked people, one tab each (a tab's list loads when it opens). */
export function ContactTabs({
  friends,
  requests,
  archived,
  blocked,
  defaultIndex = 0,
}: {
  friends: ReactNode
  requests: ReactNode
  archived: ReactNode
  blocked: ReactNode
  defaultIndex?: number
}) {
  return (
    <TabGroup defaultIndex={defaultIndex}>
      {/* One row that scrolls sideways on a narrow screen, never a lone tab on a line of its own. */}
      <TabList className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 pb-2 sm:gap-2">
        <Tab className={tabClass}>
          <Trans>Friends</Trans>
        </Tab>
        <Tab className={tabClass}>
          <Trans>Requests</Trans>
        </Tab>
        <Tab className={tabClass}>
          <Trans>Archived</Trans>
        </Tab>
        <Tab className={tabClass}>
          <Trans>Blocked</Trans>
        </Tab>
      </TabList>
      <TabPanels>
        <TabPanel>{friends}</TabPanel>
        <TabPanel>{requests}</TabPanel>
        <TabPanel>{archived}</TabPanel>
        <TabPanel>{blocked}</TabPanel>
      </TabPanels>
    </TabGroup>
  )
}
