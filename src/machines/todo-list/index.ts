export {
  belongsTo,
  fitsFilter,
  insertByDue,
  mayManage,
  mayMove,
  mergeChange,
  movedTo,
  todoListMachine,
  todoListSampleInput,
  type TodoListActor,
  type TodoListMachine,
  type TodoListSnapshot,
} from './todo-list.machine'
export { connect, TODO_FILTERS, type TodoListProps, type TodoRow } from './todo-list.connect'
export type {
  Sender,
  Todo,
  TodoChangedPayload,
  TodoFilter,
  TodoListContext,
  TodoListEvent,
  TodoListInput,
  TodoPageInput,
  TodoStatus,
  TodoStatusInput,
} from './todo-list.types'
