import type { ReactNode } from 'react'
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { Trans } from '@lingui/react/macro'

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[selected]:bg-indigo-50 data-[selected]:text-indigo-700'

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
      <TabList className="mb-4 flex flex-wrap gap-2 border-b border-slate-200 pb-2">
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
