-- richards.lua: Martin Richards' OS task-scheduler simulation, in the
-- structure of the classic (V8/Octane) Richards benchmark.
-- Exercises classes built with setmetatable/__index, single inheritance
-- (Task -> IdleTask/WorkerTask/HandlerTask/DeviceTask), method calls,
-- linked lists of packets, and bitwise flags in the task state word.
-- LuaJIT / Lua 5.1 twin of richards.lua: bit operations use the bit library.

local N = tonumber(arg and arg[1]) or 300
local bit = require("bit")
local band, bor, bxor, bnot, rshift = bit.band, bit.bor, bit.bxor, bit.bnot, bit.rshift
local COUNT, EXPECTED_QUEUE_COUNT, EXPECTED_HOLD_COUNT = 1000, 2322, 928

local ID_IDLE, ID_WORKER, ID_HANDLER_A, ID_HANDLER_B, ID_DEVICE_A, ID_DEVICE_B = 1, 2, 3, 4, 5, 6
local KIND_DEVICE, KIND_WORK, DATA_SIZE = 0, 1, 4

local STATE_RUNNING, STATE_RUNNABLE, STATE_SUSPENDED, STATE_HELD = 0, 1, 2, 4
local STATE_SUSPENDED_RUNNABLE = bor(STATE_SUSPENDED, STATE_RUNNABLE)
local STATE_NOT_HELD = bnot(STATE_HELD)

local function class(parent)
  local c = {}
  c.__index = c
  return parent and setmetatable(c, { __index = parent }) or c
end

---------------------------------------------------------------- Packet
local Packet = class()
function Packet.new(link, id, kind)
  return setmetatable({ link = link, id = id, kind = kind, a1 = 0, a2 = { 0, 0, 0, 0 } }, Packet)
end

-- Append this packet to the end of queue, returning the queue head.
function Packet:addTo(queue)
  self.link = nil
  if queue == nil then return self end
  local last = queue
  while last.link ~= nil do
    last = last.link
  end
  last.link = self
  return queue
end

---------------------------------------------------------------- TaskControlBlock
local TaskControlBlock = class()
function TaskControlBlock.new(link, id, priority, queue, task)
  local state = queue == nil and STATE_SUSPENDED or STATE_SUSPENDED_RUNNABLE
  return setmetatable({ link = link, id = id, priority = priority, queue = queue,
                        task = task, state = state }, TaskControlBlock)
end

function TaskControlBlock:setRunning() self.state = STATE_RUNNING end
function TaskControlBlock:markAsNotHeld() self.state = band(self.state, STATE_NOT_HELD) end
function TaskControlBlock:markAsHeld() self.state = bor(self.state, STATE_HELD) end
function TaskControlBlock:markAsSuspended() self.state = bor(self.state, STATE_SUSPENDED) end
function TaskControlBlock:markAsRunnable() self.state = bor(self.state, STATE_RUNNABLE) end

function TaskControlBlock:isHeldOrSuspended()
  return band(self.state, STATE_HELD) ~= 0 or self.state == STATE_SUSPENDED
end

function TaskControlBlock:run()
  local packet
  if self.state == STATE_SUSPENDED_RUNNABLE then
    packet = self.queue
    self.queue = packet.link
    self.state = self.queue == nil and STATE_RUNNING or STATE_RUNNABLE
  end
  return self.task:run(packet)
end

function TaskControlBlock:checkPriorityAdd(task, packet)
  if self.queue == nil then
    self.queue = packet
    self:markAsRunnable()
    if self.priority > task.priority then return self end
  else
    self.queue = packet:addTo(self.queue)
  end
  return task
end

---------------------------------------------------------------- Tasks
local Task = class()

function Task:init(scheduler, v1, v2)
  self.scheduler, self.v1, self.v2 = scheduler, v1, v2
  return self
end

local IdleTask = class(Task)       -- v1: pseudo-random control word
function IdleTask.new(scheduler, v1, count)
  return setmetatable({ count = count }, IdleTask):init(scheduler, v1)
end
function IdleTask:run(packet)
  local s = self.scheduler
  self.count = self.count - 1
  if self.count == 0 then return s:holdCurrent() end
  if band(self.v1, 1) == 0 then
    self.v1 = rshift(self.v1, 1)
    return s:release(ID_DEVICE_A)
  else
    self.v1 = bxor(rshift(self.v1, 1), 0xD008)
    return s:release(ID_DEVICE_B)
  end
end

local DeviceTask = class(Task)     -- v1: pending packet
function DeviceTask.new(scheduler)
  return setmetatable({}, DeviceTask):init(scheduler)
end
function DeviceTask:run(packet)
  local s = self.scheduler
  if packet == nil then
    local v = self.v1
    if v == nil then return s:suspendCurrent() end
    self.v1 = nil
    return s:queue(v)
  end
  self.v1 = packet
  return s:holdCurrent()
end

local WorkerTask = class(Task)     -- v1: destination handler, v2: data counter
function WorkerTask.new(scheduler, v1, v2)
  return setmetatable({}, WorkerTask):init(scheduler, v1, v2)
end
function WorkerTask:run(packet)
  if packet == nil then return self.scheduler:suspendCurrent() end
  self.v1 = self.v1 == ID_HANDLER_A and ID_HANDLER_B or ID_HANDLER_A
  packet.id = self.v1
  packet.a1 = 0
  for i = 1, DATA_SIZE do
    self.v2 = self.v2 + 1
    if self.v2 > 26 then self.v2 = 1 end
    packet.a2[i] = self.v2
  end
  return self.scheduler:queue(packet)
end

local HandlerTask = class(Task)    -- v1: work packets, v2: device packets
function HandlerTask.new(scheduler)
  return setmetatable({}, HandlerTask):init(scheduler)
end
function HandlerTask:run(packet)
  local s = self.scheduler
  if packet ~= nil then
    if packet.kind == KIND_WORK then self.v1 = packet:addTo(self.v1)
    else self.v2 = packet:addTo(self.v2) end
  end
  local work = self.v1
  if work ~= nil then
    local count = work.a1
    if count < DATA_SIZE then
      local dev = self.v2
      if dev ~= nil then
        self.v2 = dev.link
        dev.a1 = work.a2[count + 1]
        work.a1 = count + 1
        return s:queue(dev)
      end
    else
      self.v1 = work.link
      return s:queue(work)
    end
  end
  return s:suspendCurrent()
end

---------------------------------------------------------------- Scheduler
local Scheduler = class()
function Scheduler.new()
  return setmetatable({ queueCount = 0, holdCount = 0, blocks = {} }, Scheduler)
end

function Scheduler:addTask(id, priority, queue, task)
  self.currentTcb = TaskControlBlock.new(self.list, id, priority, queue, task)
  self.list = self.currentTcb
  self.blocks[id] = self.currentTcb
end

function Scheduler:schedule()
  self.currentTcb = self.list
  while self.currentTcb ~= nil do
    if self.currentTcb:isHeldOrSuspended() then
      self.currentTcb = self.currentTcb.link
    else
      self.currentId = self.currentTcb.id
      self.currentTcb = self.currentTcb:run()
    end
  end
end

function Scheduler:release(id)
  local tcb = self.blocks[id]
  if tcb == nil then return tcb end
  tcb:markAsNotHeld()
  if tcb.priority > self.currentTcb.priority then return tcb end
  return self.currentTcb
end

function Scheduler:holdCurrent()
  self.holdCount = self.holdCount + 1
  self.currentTcb:markAsHeld()
  return self.currentTcb.link
end
function Scheduler:suspendCurrent()
  self.currentTcb:markAsSuspended()
  return self.currentTcb
end

function Scheduler:queue(packet)
  local t = self.blocks[packet.id]
  if t == nil then return t end
  self.queueCount = self.queueCount + 1
  packet.link = nil
  packet.id = self.currentId
  return t:checkPriorityAdd(self.currentTcb, packet)
end

local function packets(id, kind, n)
  local queue = nil
  for _ = 1, n do
    queue = Packet.new(queue, id, kind)
  end
  return queue
end

local function runRichards()
  local s = Scheduler.new()
  s:addTask(ID_IDLE, 0, nil, IdleTask.new(s, 1, COUNT))
  s.currentTcb:setRunning()
  s:addTask(ID_WORKER, 1000, packets(ID_WORKER, KIND_WORK, 2), WorkerTask.new(s, ID_HANDLER_A, 0))
  s:addTask(ID_HANDLER_A, 2000, packets(ID_DEVICE_A, KIND_DEVICE, 3), HandlerTask.new(s))
  s:addTask(ID_HANDLER_B, 3000, packets(ID_DEVICE_B, KIND_DEVICE, 3), HandlerTask.new(s))
  s:addTask(ID_DEVICE_A, 4000, nil, DeviceTask.new(s))
  s:addTask(ID_DEVICE_B, 5000, nil, DeviceTask.new(s))
  s:schedule()
  return s.queueCount, s.holdCount
end

local totalQueue, totalHold, ok = 0, 0, true
for _ = 1, N do
  local q, h = runRichards()
  totalQueue, totalHold = totalQueue + q, totalHold + h
  ok = ok and q == EXPECTED_QUEUE_COUNT and h == EXPECTED_HOLD_COUNT
end
print(string.format("queueCount: %d", totalQueue))
print(string.format("holdCount: %d", totalHold))
print(string.format("valid: %s", tostring(ok)))
