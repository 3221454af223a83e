import { useMemo } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate'
import {
  connect,
  topicInfoMachine,
  type ApplyChangeInput,
  type ChannelExtras,
  type ChannelExtrasInput,
  type TopicChange,
  type TopicInfo,
  type TopicInfoEvent,
  type TopicInfoInput,
  type UploadImageInput,
} from '../machines/topic-info'
import { channelInfo, channelLabels, channelPage } from './api/channel'
import { uploadFile } from './api/media'
import { addMembers, removeMember, renameTopic, setTopicImage, setTopicLabel, setTopicPermissions, topicInfo } from './api/topic'
import { failingWithMessage, failureMessage } from './failure'
import { everyPage } from './pages'

function applyChange(topicId: string, change: TopicChange): Promise<unknown> {
  switch (change.kind) {
    case 'rename':
      return renameTopic(topicId, change.name)
    case 'label':
      return setTopicLabel(topicId, change.label_id)
    case 'removeMember':
      return removeMember(topicId, change.customer_id)
    case 'addMembers':
      return addMembers(topicId, change.customer_ids)
    case 'permission':
      return setTopicPermissions(topicId, change.permission)
    case 'removeImage':
      return setTopicImage(topicId, null)
  }
}

/** The channel's creator, and its labels and members when asked for; a part that fails stays empty. */
async function channelExtras({ channelId, labels, members }: ChannelExtrasInput): Promise<ChannelExtras> {
  const [creator, labelList, memberList] = await Promise.all([
    channelInfo(channelId).then(
      (c) => c.created_by,
      () => null,
    ),
    labels ? channelLabels(channelId).catch(() => []) : [],
    members ? everyPage((page) => channelPage(channelId, page).then((p) => p.customers)).catch(() => []) : [],
  ])
  return { creator, labels: labelList, members: memberList }
}

/** A chat's info page (/chat/info/{topic}) for the signed-in user `meId`. */
export function useTopicInfo(input: TopicInfoInput) {
  const navigate = useNavigate()
  const actor = useActorRef(
    topicInfoMachine.provide({
      actors: {
        loadTopic: fromPromise<TopicInfo, { topicId: string }>(({ input }) => topicInfo(input.topicId)),
        loadChannelExtras: fromPromise<ChannelExtras, ChannelExtrasInput>(({ input }) => channelExtras(input)),
        applyChange: fromPromise<unknown, ApplyChangeInput>(({ input }) => failingWithMessage(applyChange(input.topicId, input.change))),
        leaveTopic: fromPromise<unknown, TopicInfoInput>(({ input }) => failingWithMessage(removeMember(input.topicId, input.meId))),
        uploadImage: fromCallback<AnyEventObject, UploadImageInput>(({ input, sendBack }) => {
          const send = (event: TopicInfoEvent) => sendBack(event)
          uploadFile({ acl: 'public' }, input.file, (progress) => send({ type: 'UPLOAD_PROGRESS', percent: progress.percent }))
            .then((item) => setTopicImage(input.topicId, item._id))
            .then(
              () => send({ type: 'UPLOAD_DONE' }),
              (failure: unknown) => send({ type: 'UPLOAD_FAILED', message: failureMessage(failure) }),
            )
        }),
      },
      actions: {
        leftTopic: () => void navigate({ to: '/chat/default' }),
      },
    }),
    { input },
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
